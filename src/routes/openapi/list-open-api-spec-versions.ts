import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { presentSpecVersion } from "../../presenters/openapi";
import { listSpecVersions } from "../../services/openapi";
import { SpecParams } from "./schemas";
import { SpecVersionList } from "../../wire/openapi-spec";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/openapi/{specSlug}/versions",
  operationId: "listOpenAPISpecVersions",
  tags: ["openapi"],
  summary: "List all OpenAPI spec versions",
  description: "Newest first.",
  request: { params: SpecParams, query: PageQuery },
  responses: { 200: json(SpecVersionList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, specSlug } = c.req.valid("param");
  const { spec, versions } = await listSpecVersions(ctx, organizationId, specSlug, c.req.valid("query"));
  return c.json({ ...versions, items: versions.items.map((v) => presentSpecVersion(spec, v, ctx.urls)) }, 200);
};
