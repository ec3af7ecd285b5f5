import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSpec } from "../../services/openapi";
import { SpecParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/openapi/{specSlug}",
  operationId: "deleteOpenAPISpecBySlug",
  tags: ["openapi"],
  summary: "Delete an OpenAPI spec",
  description: "Deletes the spec, its versions and their stored texts. 204 whether or not it existed (CONTRACT §4).",
  request: { params: SpecParams },
  responses: { 204: { description: "OpenAPI specification has been deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, specSlug } = c.req.valid("param");
  await deleteSpec(serviceContext(c), organizationId, specSlug);
  return c.body(null, 204);
};
