import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSiteSectionGroups } from "../../services/sites";
import { SiteSectionGroupList } from "../../wire/site-structure";
import { PageQuery } from "./schemas";
import { SiteParams } from "../../wire/params";
import { presentSiteSectionGroups } from "./site-space-items";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/section-groups",
  operationId: "listSiteSectionGroups",
  tags: ["sites"],
  summary: "List all site section groups",
  description: "Each group with its sections and their site spaces, in structure order.",
  request: { params: SiteParams, query: PageQuery },
  responses: {
    200: json(SiteSectionGroupList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listSiteSectionGroups(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json({ ...page, items: await presentSiteSectionGroups(ctx, page.items) }, 200);
};
