import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentShareLink } from "../../presenters/site-access";
import { listShareLinks } from "../../services/sites";
import { ShareLinkList } from "../../wire/site-access";
import { PageQuery } from "./access-schemas";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/share-links",
  operationId: "listSiteShareLinks",
  tags: ["sites"],
  summary: "List all share links",
  description: "`create` and up (the links carry the keys that open a share-link site).",
  request: { params: SiteParams, query: PageQuery },
  responses: { 200: json(ShareLinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listShareLinks(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((row) => presentShareLink(row, ctx.urls)) }, 200);
};
