import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateSiteSection } from "../../services/sites";
import { SiteSectionSchema, UpdateSectionBody } from "../../wire/site-structure";
import { SiteSectionParams } from "./schemas";
import { presentSiteSections } from "./site-space-items";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
  operationId: "updateSiteSectionById",
  tags: ["sites"],
  summary: "Update a site section",
  description:
    "`create` and up: `path` unique among the site's sections, `defaultSiteSpace` one of the section's site " +
    "spaces; `condition`, `icon` and `description` are removed with null. A `condition` is an adaptive content " +
    "expression over `visitor.claims`, checked against the site's adaptive schema (400 naming the problem).",
  request: {
    params: SiteSectionParams,
    body: { required: true, content: { "application/json": { schema: UpdateSectionBody } } },
  },
  responses: { 200: json(SiteSectionSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateSiteSection(ctx, p.organizationId, p.siteId, p.siteSectionId, c.req.valid("json"));
  const [body] = await presentSiteSections(ctx, [view]);
  return c.json(body!, 200);
};
