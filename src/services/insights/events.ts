import { sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { siteEventRollups, siteEventUniques, siteVisitorSegments } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import type { Env } from "../../env";
import type { ServiceContext } from "../core";
import {
  dayOf,
  dimensionsOf,
  MAX_CLAIMS_JSON,
  type RollupDims,
  type SiteEventInput,
  segmentClaims,
  titleOf,
} from "./event-dimensions";

interface Group {
  day: string;
  key: string;
  events: number;
  idents: Set<string>;
}

const uniqueKey = (day: string, key: string, ident: string) => `${day}\u0000${key}\u0000${ident}`;

/**
 * Adds `events` to the site's rollups and visitor segments: two D1 round trips (the distinct sessions and
 * visitors first, then one upsert per touched rollup row and segment). `trusted` claims come from the caller's
 * verified pass (or a member forwarding them); an anonymous caller's own `visitorAuthClaims` are ignored.
 */
async function writeEvents(
  db: Db,
  siteId: string,
  now: number,
  events: { event: SiteEventInput; claims?: Record<string, unknown> }[],
) {
  const rollups = new Map<string, Group & { dims: RollupDims }>();
  const segments = new Map<string, Group & { claims: Record<string, unknown> }>();
  for (const { event, claims } of events) {
    const day = dayOf(event.timestamp ? Date.parse(event.timestamp) : now);
    const dims = dimensionsOf(event, claims);
    const key = (await sha256Hex(JSON.stringify(dims))).slice(0, 32);
    const idents = [`s:${event.session.sessionId}`, `v:${event.session.visitorId}`];
    const group = rollups.get(`${day}/${key}`) ?? { day, key, dims, events: 0, idents: new Set<string>() };
    group.events++;
    for (const ident of idents) group.idents.add(ident);
    rollups.set(`${day}/${key}`, group);
    if (claims) {
      const sorted = segmentClaims(claims);
      const json = JSON.stringify(sorted);
      if (json.length > MAX_CLAIMS_JSON) continue;
      const claimsKey = (await sha256Hex(json)).slice(0, 32);
      const segment = segments.get(claimsKey) ?? {
        day,
        key: claimsKey,
        claims: sorted,
        events: 0,
        idents: new Set<string>(),
      };
      if (day > segment.day) segment.day = day;
      segment.events++;
      for (const ident of idents) segment.idents.add(ident);
      segments.set(claimsKey, segment);
    }
  }

  // Distinct sessions and visitors: those the uniques table did not hold yet (segments: all-time, day `*`).
  const uniques = [
    ...[...rollups.values()].flatMap((g) => [...g.idents].map((ident) => ({ siteId, day: g.day, key: g.key, ident }))),
    ...[...segments.values()].flatMap((g) =>
      [...g.idents].map((ident) => ({ siteId, day: "*", key: `seg:${g.key}`, ident })),
    ),
  ];
  const inserts = [];
  for (let i = 0; i < uniques.length; i += 20)
    inserts.push(
      db
        .insert(siteEventUniques)
        .values(uniques.slice(i, i + 20))
        .onConflictDoNothing()
        .returning({ day: siteEventUniques.day, key: siteEventUniques.key, ident: siteEventUniques.ident }),
    );
  const fresh = new Set(
    (inserts.length ? (await batch(db, inserts)).flat() : []).map((u) => uniqueKey(u.day, u.key, u.ident)),
  );
  const counts = (day: string, key: string, idents: Set<string>) => {
    let sessions = 0;
    let visitors = 0;
    for (const ident of idents) {
      if (!fresh.has(uniqueKey(day, key, ident))) continue;
      if (ident.startsWith("s:")) sessions++;
      else visitors++;
    }
    return { sessions, visitors };
  };

  const upserts = [
    ...[...rollups.values()].map((g) =>
      db
        .insert(siteEventRollups)
        .values({ siteId, day: g.day, key: g.key, ...g.dims, events: g.events, ...counts(g.day, g.key, g.idents) })
        .onConflictDoUpdate({
          target: [siteEventRollups.siteId, siteEventRollups.day, siteEventRollups.key],
          set: {
            events: sql`${siteEventRollups.events} + excluded.events`,
            sessions: sql`${siteEventRollups.sessions} + excluded.sessions`,
            visitors: sql`${siteEventRollups.visitors} + excluded.visitors`,
          },
        }),
    ),
    ...[...segments.values()].map((g) =>
      db
        .insert(siteVisitorSegments)
        .values({
          siteId,
          claimsKey: g.key,
          title: titleOf(g.claims) || "(no claims)",
          claims: g.claims,
          events: g.events,
          ...counts("*", `seg:${g.key}`, g.idents),
          lastSeenDay: g.day,
        })
        .onConflictDoUpdate({
          target: [siteVisitorSegments.siteId, siteVisitorSegments.claimsKey],
          set: {
            events: sql`${siteVisitorSegments.events} + excluded.events`,
            sessions: sql`${siteVisitorSegments.sessions} + excluded.sessions`,
            visitors: sql`${siteVisitorSegments.visitors} + excluded.visitors`,
            lastSeenDay: sql`max(${siteVisitorSegments.lastSeenDay}, excluded.last_seen_day)`,
          },
        }),
    ),
  ];
  if (upserts.length) await batch(db, upserts);
}

/**
 * Records events of a site the caller has already been admitted to (the route, the renderer, the MCP server).
 * Claims for visitor segments come from the caller's verified visitor pass for this site, else (for a member
 * forwarding a visitor's events) from the event's own `visitorAuthClaims`.
 */
export async function recordSiteEvents(
  ctx: ServiceContext,
  _organizationId: string,
  siteId: string,
  events: SiteEventInput[],
  options: { trustClaims?: boolean } = {},
): Promise<void> {
  const pass = ctx.caller.visitor?.sites.has(siteId) ? ctx.caller.visitor.claims : undefined;
  await writeEvents(
    ctx.db,
    siteId,
    ctx.now,
    events.map((event) => ({
      event,
      claims: pass ?? (options.trustClaims ? event.session.visitorAuthClaims : undefined),
    })),
  );
}

const SERVED_TYPES = {
  markdown: { type: "page_markdown_request" },
  llms: { type: "llms_request", llmsVariant: "standard" },
  "llms-full": { type: "llms_request", llmsVariant: "full" },
  mcp: { type: "mcp_request" },
  page: { type: "page_view" },
} as const;

/**
 * What the server served without the page's script (markdown, `llms*.txt`, MCP, an agent's page view), recorded
 * by the renderer inside `waitUntil`: never throws. A person's page view is the page's own beacon's to record
 * (the script runs in their browser), so `page` with `agent: false` records nothing: never counted twice.
 */
export async function recordServedEvent(
  _env: Env,
  db: Db,
  siteId: string,
  event: { kind: "markdown" | "llms" | "llms-full" | "mcp" | "page"; path: string; agent: boolean; userAgent?: string },
): Promise<void> {
  if (event.kind === "page" && !event.agent) return;
  try {
    const now = Date.now();
    // No session or cookie: an agent is known by its user agent, one session per day.
    const reader = (await sha256Hex(event.userAgent ?? "")).slice(0, 24);
    const served: SiteEventInput = {
      ...SERVED_TYPES[event.kind],
      session: { visitorId: `ua:${reader}`, sessionId: `ua:${reader}:${dayOf(now)}`, userAgent: event.userAgent },
      location: { url: event.path.slice(0, 2048), displayContext: event.kind === "mcp" ? "mcp" : "server" },
      agent: event.agent,
    };
    await writeEvents(db, siteId, now, [{ event: served }]);
  } catch (error) {
    console.error("insights: recording a served event failed", error);
  }
}
