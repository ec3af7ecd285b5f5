import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { updateSiteCustomization } from "../../services/sites";
import { SiteCustomizationSettingsSchema } from "../../wire/site-customization";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/sites/{siteId}/customization",
  operationId: "updateSiteCustomizationById",
  tags: ["site-customization"],
  summary: "Update a site customization settings",
  description: "`create` and up. Replaces the whole settings; site spaces' overrides stay on top of them.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: SiteCustomizationSettingsSchema } } },
  },
  responses: { 200: json(SiteCustomizationSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const settings = await updateSiteCustomization(serviceContext(c), p.organizationId, p.siteId, c.req.valid("json"));
  return c.json(settings, 200);
};
