import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentShareLink } from "../../presenters/site-access";
import { updateShareLink } from "../../services/sites";
import { ShareLinkSchema, UpdateShareLinkBody } from "../../wire/site-access";
import { ShareLinkParams } from "./access-schemas";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
  operationId: "updateSiteShareLinkById",
  tags: ["sites"],
  summary: "Update a share link",
  description: "`create` and up. `active: false` stops its key from opening the site at once.",
  request: {
    params: ShareLinkParams,
    body: { required: true, content: { "application/json": { schema: UpdateShareLinkBody } } },
  },
  responses: { 200: json(ShareLinkSchema, "The site share link has been updated") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const row = await updateShareLink(ctx, p.organizationId, p.siteId, p.shareLinkId, c.req.valid("json"));
  return c.json(presentShareLink(row, ctx.urls), 200);
};
