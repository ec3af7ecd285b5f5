import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { listSiteAdaptiveTemplateConditions } from "../../services/sites";
import { SiteAdaptiveTemplateConditionList } from "../../wire/site-adaptive";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions",
  operationId: "listSiteAdaptiveTemplateConditions",
  tags: ["sites"],
  summary:
    "List templates of conditions generated based on the site visitor schema that can be used in adaptive " +
    "content expressions.",
  description:
    "Members. For each claim, in the schema's order (object claims recurse with dotted paths): a boolean " +
    '`visitor.claims.x` and `!visitor.claims.x`; a string one `==` per `enum` value, else `== "value"`; a ' +
    "number `> 0`; an array `.includes(…)` of each `enum` value of its items, else of a sample. At most 1000.",
  request: { params: SiteParams },
  responses: { 200: json(SiteAdaptiveTemplateConditionList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const items = await listSiteAdaptiveTemplateConditions(serviceContext(c), p.organizationId, p.siteId);
  return c.json({ items }, 200);
};
