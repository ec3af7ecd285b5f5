import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpec } from "../../presenters/openapi";
import { createSpec } from "../../services/openapi";
import { OrganizationParams } from "../../wire/params";
import { CreateSpecBody, SpecSchema } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/openapi",
  operationId: "createOpenAPISpec",
  tags: ["openapi"],
  summary: "Create an OpenAPI spec",
  description:
    "Creates the spec and its first version from a URL or a text; processing (fetch and parse) happens in the background.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateSpecBody } } },
  },
  responses: { 201: json(SpecSchema, "OpenAPI specification has been created") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { row, access } = await createSpec(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentSpec(row, access, ctx.urls), 201);
};
