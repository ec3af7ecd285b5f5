import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { moveStructureItem } from "../../services/sites";
import { SiteSpaceSchema } from "../../wire/site-structure";
import { movePositionBody, SiteSpaceParams } from "./schemas";
import { presentStructureItem } from "./site-space-items";

const Body = movePositionBody("site-space", "siteSpace");

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move",
  operationId: "moveSiteSpace",
  tags: ["sites"],
  summary: "Move a site space to a new position. (Deprecated) use sortSiteStructure instead.",
  deprecated: true,
  description: "As sortSiteStructure for this site space; with no position, last at its level.",
  request: {
    params: SiteSpaceParams,
    body: { required: false, content: { "application/json": { schema: Body } } },
  },
  responses: { 200: json(SiteSpaceSchema, "The site space moved") },
});

const pointer = (p?: { siteSpace?: unknown }) =>
  p ? { type: "site-space" as const, id: String(p.siteSpace) } : undefined;

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const position = c.req.valid("json")?.position ?? {};
  const item = { type: "site-space" as const, id: p.siteSpaceId };
  await moveStructureItem(ctx, p.organizationId, p.siteId, item, {
    before: pointer(position.before as { siteSpace?: unknown } | undefined),
    after: pointer(position.after as { siteSpace?: unknown } | undefined),
  });
  return c.json((await presentStructureItem(ctx, p.organizationId, p.siteId, item)) as never, 200);
};
