import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { admitToSite, isAgentRequest, recordSiteEvents, type SiteEventInput } from "../../services/insights";
import { SiteParams } from "../../wire/params";
import { TrackSiteEventsBody } from "../../wire/insights";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/insights/events",
  operationId: "trackEventsInSiteById",
  tags: ["site-insights"],
  summary: "Track site events",
  description:
    "Anyone the published site is open to (its own pages' script sends page views without a token or cookie), and members who see the site. At most 100 events; counted per address like every anonymous request. Events from an agent's request (user agent, `Accept: text/markdown`, MCP headers) are counted as the agent's.",
  anonymous: true,
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: TrackSiteEventsBody } } },
  },
  responses: { 204: { description: "Events have been tracked." } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { member } = await admitToSite(ctx, p.organizationId, p.siteId);
  // The reader's own request (the page's script, an agent) says who reads; a member forwarding a reader's events
  // is not that reader: then only each event's own user agent counts.
  const agent = !member && isAgentRequest(c.req.raw.headers);
  const userAgent = member ? undefined : c.req.header("user-agent")?.slice(0, 512);
  const events = c.req
    .valid("json")
    .events.map(
      (e) =>
        ({ ...e, session: { ...e.session, userAgent: userAgent || e.session.userAgent }, agent }) as SiteEventInput,
    );
  await recordSiteEvents(ctx, p.organizationId, p.siteId, events, { trustClaims: member });
  return c.body(null, 204);
};
