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

/** How long served events wait to be written together (INSIGHTS_FLUSH_MS; default 5 s; 0 writes each at once). */
export const SERVED_FLUSH_MS = 5_000;
/** At most this many served events wait per site: the request that queues one more writes them all at once. */
const SERVED_WAITING = 500;

/**
 * Served events waiting to be written, by site: the request that queued a site's first one writes them all,
 * SERVED_FLUSH_MS later, inside its `waitUntil`. A busy site's markdown and MCP reads then cost one D1 write per
 * isolate every few seconds instead of one each; an isolate that ends meanwhile loses at most that window.
 */
const waiting = new Map<string, SiteEventInput[]>();

const flushDelay = (env: Pick<Env, "INSIGHTS_FLUSH_MS">) => {
  const ms = Number(env.INSIGHTS_FLUSH_MS ?? SERVED_FLUSH_MS);
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 20_000) : SERVED_FLUSH_MS;
};

/**
 * What the server served without the page's script (markdown, `llms*.txt`, MCP, an agent's page view), recorded
 * by the renderer inside `waitUntil`: never throws. A person's page view is the page's own beacon's to record
 * (the script runs in their browser), so `page` with `agent: false` records nothing: never counted twice.
 * Events are written in batches (see `waiting`): the promise of the request that opened a batch settles once
 * the batch is written; the others' at once.
 */
export async function recordServedEvent(
  env: Pick<Env, "INSIGHTS_FLUSH_MS">,
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
    const delay = flushDelay(env);
    const queued = waiting.get(siteId);
    if (queued && queued.length < SERVED_WAITING) {
      queued.push(served);
      return;
    }
    const events = [served];
    if (queued) {
      // Full: this request takes the batch out (its opener then finds it empty) and writes it now.
      waiting.delete(siteId);
      events.push(...queued.splice(0));
    } else if (delay > 0) {
      waiting.set(siteId, events);
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (waiting.get(siteId) === events) waiting.delete(siteId);
      if (!events.length) return;
    }
    await writeEvents(
      db,
      siteId,
      Date.now(),
      events.map((e) => ({ event: e })),
    );
  } catch (error) {
    console.error("insights: recording a served event failed", error);
  }
}
