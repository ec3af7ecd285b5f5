import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { overrideSiteSpaceCustomization } from "../../services/sites";
import { SiteCustomizationSettingsSchema, SiteSpaceCustomizationOverrideSchema } from "../../wire/site-customization";
import { SiteSpaceParams } from "./schemas";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
  operationId: "overrideSiteSpaceCustomizationById",
  tags: ["site-customization"],
  summary: "Override a site space customization settings",
  description:
    "`create` and up. A field given overrides the site's value for this site space, null removes that " +
    "override, an absent field keeps it. Answers the site's settings with the override on top.",
  request: {
    params: SiteSpaceParams,
    body: { required: true, content: { "application/json": { schema: SiteSpaceCustomizationOverrideSchema } } },
  },
  responses: { 200: json(SiteCustomizationSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const settings = await overrideSiteSpaceCustomization(
    serviceContext(c),
    p.organizationId,
    p.siteId,
    p.siteSpaceId,
    c.req.valid("json"),
  );
  return c.json(settings, 200);
};
