import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateSiteSpace } from "../../services/sites";
import { SiteSpaceSchema, UpdateSiteSpaceBody } from "../../wire/site-structure";
import { SiteSpaceParams } from "./schemas";
import { presentSiteSpaces } from "./site-space-items";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
  operationId: "updateSiteSpaceById",
  tags: ["sites"],
  summary: "Update a site space",
  description:
    "`create` and up: `path` (unique at its level), `condition` (a string sets it, null removes it; an adaptive " +
    "content expression over `visitor.claims`, checked against the site's adaptive schema: 400 naming an unknown " +
    "claim or a construct outside the language), `spaceId` (another live space of the organization).",
  request: {
    params: SiteSpaceParams,
    body: { required: true, content: { "application/json": { schema: UpdateSiteSpaceBody } } },
  },
  responses: { 200: json(SiteSpaceSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateSiteSpace(ctx, p.organizationId, p.siteId, p.siteSpaceId, c.req.valid("json"));
  const [body] = await presentSiteSpaces(ctx, [view]);
  return c.json(body!, 200);
};
