import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpec } from "../../presenters/openapi";
import { createOrUpdateSpec } from "../../services/openapi";
import { SpecPutParams } from "./schemas";
import { PutSpecBody, SpecSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/openapi/{specSlug}",
  operationId: "createOrUpdateOpenAPISpecBySlug",
  tags: ["openapi"],
  summary: "Create or update an OpenAPI spec",
  description: "Adds a new version to the spec (200), or creates the spec with it (201).",
  request: {
    params: SpecPutParams,
    body: { required: true, content: { "application/json": { schema: PutSpecBody } } },
  },
  responses: {
    200: json(SpecSchema, "OpenAPI specification has been updated"),
    201: json(SpecSchema, "OpenAPI specification has been created"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { row, access, created } = await createOrUpdateSpec(ctx, organizationId, specSlug, c.req.valid("json").source);
  const body = presentSpec(row, access, ctx.urls);
  return created ? c.json(body, 201) : c.json(body, 200);
};
