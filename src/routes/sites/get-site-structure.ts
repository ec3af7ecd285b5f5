import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getSiteStructure } from "../../services/sites";
import { SiteStructureSchema } from "../../wire/site-structure";
import { SiteSectionListQuery as ShareKeyQuery } from "./schemas";
import { SiteParams } from "../../wire/params";
import { presentStructure } from "./site-space-items";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/structure",
  operationId: "getSiteStructure",
  anonymous: true,
  tags: ["sites"],
  summary: "Get a site structure",
  description:
    "The site's sections and section groups (top level, each group with its sections, each section with its site " +
    "spaces), or, for a site without sections, its site spaces. Members; anyone once the site is published to " +
    "them (public, unlisted, or with a share key or visitor JWT).",
  request: { params: SiteParams, query: ShareKeyQuery.pick({ shareKey: true }) },
  responses: { 200: json(SiteStructureSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(await presentStructure(ctx, await getSiteStructure(ctx, p.organizationId, p.siteId)), 200);
};
