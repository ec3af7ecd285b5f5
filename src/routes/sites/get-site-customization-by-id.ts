import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getSiteCustomization } from "../../services/sites";
import { SiteCustomizationSettingsSchema } from "../../wire/site-customization";
import { CustomizationQuery } from "./customization-schemas";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/customization",
  operationId: "getSiteCustomizationById",
  tags: ["site-customization"],
  summary: "Get a site customization settings",
  description: "Members. A site that was never customized answers the default settings.",
  request: { params: SiteParams, query: CustomizationQuery },
  responses: { 200: json(SiteCustomizationSettingsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(await getSiteCustomization(serviceContext(c), p.organizationId, p.siteId), 200);
};
