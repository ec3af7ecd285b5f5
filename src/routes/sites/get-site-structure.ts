import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getSiteStructure } from "../../services/sites";
import { SiteSectionListQuery as ShareKeyQuery, SiteParams, SiteStructureSchema } from "./schemas";
import { presentSiteSectionGroups, presentSiteSections, presentSiteSpaces } from "./site-space-items";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/structure",
  operationId: "getSiteStructure",
  tags: ["sites"],
  summary: "Get a site structure",
  description:
    "The site's sections and section groups (top level, each group with its sections, each section with its site " +
    "spaces), or, for a site without sections, its site spaces.",
  request: { params: SiteParams, query: ShareKeyQuery.pick({ shareKey: true }) },
  responses: { 200: json(SiteStructureSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getSiteStructure(ctx, p.organizationId, p.siteId);
  if (view.type === "siteSpaces") {
    return c.json({ type: "siteSpaces" as const, structure: await presentSiteSpaces(ctx, view.structure) }, 200);
  }
  const structure = await Promise.all(
    view.structure.map(async (item) =>
      item.kind === "group"
        ? (await presentSiteSectionGroups(ctx, [item.view]))[0]!
        : (await presentSiteSections(ctx, [item.view]))[0]!,
    ),
  );
  return c.json({ type: "sections" as const, structure }, 200);
};
