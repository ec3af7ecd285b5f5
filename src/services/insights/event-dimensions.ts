import type { siteEventRollups } from "../../db/schema";
import { botOf, browserOf, deviceOf, osOf } from "./readers";

export const SITE_EVENT_TYPES = [
  "page_view",
  "page_markdown_request",
  "search_open",
  "search_type_query",
  "search_open_result",
  "page_post_feedback",
  "page_post_feedback_comment",
  "agent_feedback",
  "ask_question",
  "ask_view",
  "ask_rate_response",
  "link_click",
  "api_client_open",
  "api_client_request",
  "ad_click",
  "ad_display",
  "trademark_click",
  "llms_request",
  "mcp_request",
  "rss_request",
] as const;
export type SiteEventType = (typeof SITE_EVENT_TYPES)[number];

/** One event as the reference's SiteInsightsEvent carries it (validated by the route), plus what the server knows. */
export interface SiteEventInput {
  type: SiteEventType;
  session: {
    visitorId: string;
    sessionId: string;
    userAgent?: string;
    language?: string | null;
    referrer?: string | null;
    visitorAuthClaims?: Record<string, unknown>;
  };
  location: {
    url: string;
    displayContext?: "site" | "server" | "embed" | "mcp";
    siteSection?: string | null;
    siteSpace?: string | null;
    siteShareKey?: string | null;
    space?: string | null;
    page?: string | null;
  };
  timestamp?: string;
  query?: string;
  feedback?: { rating: string; comment?: string };
  rating?: number;
  link?: { target: { kind: string; url?: string }; position: string };
  llmsVariant?: "standard" | "full";
  markdownSource?: string;
  /** Known by the server (the request's headers, an MCP call): an agent whatever its user agent says. */
  agent?: boolean;
}

export type RollupDims = Omit<
  typeof siteEventRollups.$inferInsert,
  "siteId" | "day" | "key" | "events" | "sessions" | "visitors"
>;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function pathOf(url: string): string {
  try {
    return new URL(url, "https://site.invalid").pathname;
  } catch {
    return url;
  }
}

function domainOf(url: string | null | undefined): string {
  if (!url) return "";
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/** The rollup dimensions of an event: everything but the counts. */
export function dimensionsOf(event: SiteEventInput, claims: Record<string, unknown> | undefined): RollupDims {
  const ua = event.session.userAgent ?? "";
  const named = botOf(ua);
  const url = event.location.url.split(/[?#]/)[0]!;
  const referrer = (event.session.referrer ?? "").split(/[?#]/)[0]!;
  const target = event.link?.target;
  return {
    eventType: event.type,
    bot: event.agent ? (named ?? "unknown") : named,
    displayContext: event.location.displayContext ?? "site",
    url,
    urlPath: pathOf(url),
    siteSection: event.location.siteSection ?? null,
    siteSpace: event.location.siteSpace ?? null,
    siteShareKey: event.location.siteShareKey ?? null,
    space: event.location.space ?? null,
    page: event.location.page ?? null,
    visitorDevice: deviceOf(ua),
    visitorBrowser: browserOf(ua),
    visitorOs: osOf(ua),
    visitorLanguage: event.session.language ?? null,
    visitorAuthenticated: claims !== undefined,
    referrer,
    referrerDomain: domainOf(referrer),
    searchQuery: event.query?.trim().toLowerCase() ?? "",
    pageFeedbackRating: event.feedback?.rating ?? null,
    pageFeedbackComment: event.feedback?.comment ?? null,
    askRating: event.rating ?? null,
    linkPosition: event.link?.position ?? null,
    linkTargetKind: target?.kind ?? null,
    linkTargetDomain: target?.kind === "url" ? domainOf(target.url) || null : null,
    llmsVariant: event.llmsVariant ?? null,
    markdownSource: event.markdownSource ?? null,
  };
}

/** A segment's title: its claims as `name: value` pairs (nested ones dotted), at most 200 characters. */
export function titleOf(claims: Record<string, unknown>, prefix = ""): string {
  const parts = Object.keys(claims)
    .sort()
    .map((name) => {
      const value = claims[name];
      return value && typeof value === "object" && !Array.isArray(value)
        ? titleOf(value as Record<string, unknown>, `${prefix}${name}.`)
        : `${prefix}${name}: ${Array.isArray(value) ? value.join(" ") : String(value)}`;
    });
  return parts.join(", ").slice(0, 200);
}

/** Claims with their keys sorted (the same claims are one segment whatever order they came in). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

export const MAX_CLAIMS_JSON = 2048;

/** A JWT's registered claims say nothing about who the visitor is like (`sub` is one person: no segment). */
const REGISTERED_CLAIMS = new Set(["exp", "iat", "nbf", "iss", "aud", "jti", "sub"]);

export function segmentClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return canonical(Object.fromEntries(Object.entries(claims).filter(([k]) => !REGISTERED_CLAIMS.has(k)))) as Record<
    string,
    unknown
  >;
}
