import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpec } from "../../presenters/openapi";
import { updateSpecVisibility } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecSchema, UpdateSpecBody } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/openapi/{specSlug}",
  operationId: "updateOpenAPISpecBySlug",
  tags: ["openapi"],
  summary: "Update OpenAPI spec visibility",
  request: {
    params: SpecParams,
    body: { required: true, content: { "application/json": { schema: UpdateSpecBody } } },
  },
  responses: { 200: json(SpecSchema, "OpenAPI specification visibility has been updated") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { row, access } = await updateSpecVisibility(ctx, organizationId, specSlug, c.req.valid("json").visibility);
  return c.json(presentSpec(row, access, ctx.urls), 200);
};
