import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { applyTemplateToSite } from "../../services/sites";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/template",
  operationId: "applyTemplateToSite",
  tags: ["sites"],
  summary: "Apply the default documentation template to a site",
  description:
    "`create` and up: an empty site (no space, no section; 409 otherwise) gets a new space of the built-in " +
    "`getting-started` template (createSite's `sample`), published at its root as its default. No body.",
  request: { params: SiteParams },
  responses: { 200: { description: "Template applied to site." }, ...errorResponses(409) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  await applyTemplateToSite(serviceContext(c), p.organizationId, p.siteId);
  return c.body(null, 200);
};
