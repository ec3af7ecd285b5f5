import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { moveStructureItem } from "../../services/sites";
import { SiteSectionSchema } from "../../wire/site-structure";
import { movePositionBody, SiteSectionParams } from "./schemas";
import { presentStructureItem } from "./site-space-items";

const Body = movePositionBody("site-section", "siteSection");

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move",
  operationId: "moveSiteSection",
  tags: ["sites"],
  summary: "Move a site section to a new position. (Deprecated) use sortSiteStructure instead.",
  deprecated: true,
  description: "As sortSiteStructure for this site section; with no position, last at its level.",
  request: {
    params: SiteSectionParams,
    body: { required: false, content: { "application/json": { schema: Body } } },
  },
  responses: { 200: json(SiteSectionSchema, "The site section moved") },
});

const pointer = (p?: { siteSection?: unknown }) =>
  p ? { type: "site-section" as const, id: String(p.siteSection) } : undefined;

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const position = c.req.valid("json")?.position ?? {};
  const item = { type: "site-section" as const, id: p.siteSectionId };
  await moveStructureItem(ctx, p.organizationId, p.siteId, item, {
    before: pointer(position.before as { siteSection?: unknown } | undefined),
    after: pointer(position.after as { siteSection?: unknown } | undefined),
  });
  return c.json((await presentStructureItem(ctx, p.organizationId, p.siteId, item)) as never, 200);
};
