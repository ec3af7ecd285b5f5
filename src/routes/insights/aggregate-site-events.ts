import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { aggregateSiteEvents } from "../../services/insights";
import { SiteParams } from "../../wire/params";
import {
  SiteInsightsQueryEventsAggregationResultSchema,
  SiteInsightsQueryEventsAggregationSchema,
} from "../../wire/insights";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate",
  operationId: "aggregateSiteEvents",
  tags: ["site-insights"],
  summary: "Query a site's analytics events",
  description:
    "Members who see the site. Answered from daily rollups: `datetime` by day, week or month (not hour), and the dimensions the README lists; others are a 400. `visitorBot` null is a person.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: SiteInsightsQueryEventsAggregationSchema } } },
  },
  responses: { 200: json(SiteInsightsQueryEventsAggregationResultSchema, "Aggregated events in the site.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(await aggregateSiteEvents(serviceContext(c), p.organizationId, p.siteId, c.req.valid("json")), 200);
};
