import { eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { sites } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { authorize, can, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { touchSiteSpaceDetails } from "../spaces";
import { CHALLENGE_LABEL, dnsEvidence, dnsName } from "./dns-proof";

type SiteRow = typeof sites.$inferSelect;

/** How deep a proxy's path may be (`host/a/b/c/d`): the custom-host lookup tries that many candidates. */
export const MAX_PROXY_DEPTH = 5;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const SEGMENT = /^[\w-]+$/;
const SHAPE = "must be a hostname and optional path, e.g. docs.example.com/help";

/**
 * A proxy as stored: lowercase host (punycode), no scheme, no default port, no trailing slash
 * (`HTTPS://Docs.Example.com:443/help/` → `docs.example.com/help`), or the reason it is not one.
 */
export function normalizeProxy(raw: string): { proxy: string; host: string } | { error: string } {
  const text = raw.trim().replace(/^https?:\/\//i, "");
  if (!text || /[\s?#\\@]/.test(text) || text.includes("://")) return { error: SHAPE };
  const slash = text.indexOf("/");
  let host = (slash < 0 ? text : text.slice(0, slash)).toLowerCase().replace(/\.$/, "");
  const rest = slash < 0 ? "" : text.slice(slash + 1).replace(/\/+$/, "");
  const segments = rest ? rest.split("/") : [];
  const port = /:(\d+)$/.exec(host);
  if (port) {
    if (port[1] !== "443" && port[1] !== "80") return { error: "must not name a port (custom hosts use 80/443)" };
    host = host.slice(0, port.index);
  }
  if (/[:[\]]/.test(host)) return { error: SHAPE };
  try {
    host = new URL(`https://${host}`).hostname; // internationalized names as punycode
  } catch {
    return { error: SHAPE };
  }
  const labels = host.split(".");
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TOP_LABEL.test(labels.at(-1)!))
    return { error: `must name a real hostname (${host} is not one)` };
  if (segments.length > MAX_PROXY_DEPTH) return { error: `must have at most ${MAX_PROXY_DEPTH} path segments` };
  if (!segments.every((s) => SEGMENT.test(s))) return { error: "path segments must be letters, digits, - and _" };
  const proxy = [host, ...segments].join("/");
  if (proxy.length > 512) return { error: "must be at most 512 characters" };
  return { proxy, host };
}

function hostOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return dnsName(url.replace(/^[a-z]+:\/\//i, "").split(/[/:]/)[0]!);
  }
}

/** The host custom hostnames may CNAME to (PUBLIC_SITES_HOST, as a bare host), if the deployment has one. */
export function sitesHost(ctx: ServiceContext) {
  return hostOf(ctx.env.PUBLIC_SITES_HOST) || undefined;
}

/**
 * How long an unverified claim on a host stands in another organization's way after it was made (or last
 * proven): afterwards another organization's claim or proof clears it, so a squatter cannot hold a host forever.
 */
export const CLAIM_LAPSES_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** A site without a proxy (the host let go of, or a claim cleared). */
const NO_PROXY = { proxy: null, proxyHost: null, proxyStatus: null, proxyToken: null, proxyClaimedAt: null };

/** What updateSiteById writes for a `proxy`, and the condition that keeps a host one organization's. */
export interface ProxyClaim {
  set: Pick<SiteRow, "proxy" | "proxyHost" | "proxyStatus" | "proxyToken" | "proxyClaimedAt">;
  /** The update's extra WHERE: no other organization's site is live on this host (checked in the write itself). */
  guard?: SQL;
  /** Run before the update, in its batch: other organizations' lapsed claims on the host are cleared. */
  before?: ReturnType<typeof clearClaims>;
  host?: string;
}

/**
 * A site's new proxy: normalized (400 naming `body.proxy`), never the deployment's own hosts, unverified until
 * its DNS proves it (a new host gets a new challenge token). Another organization's live host is refused (409 by
 * the guard); its unverified claims are not: both stand until one organization's DNS proves the host.
 * Undefined when it is the site's proxy already.
 */
export function claimProxy(ctx: ServiceContext, row: SiteRow, raw: string | null): ProxyClaim | undefined {
  if (raw === null) return { set: NO_PROXY };
  const normal = normalizeProxy(raw);
  if ("error" in normal) throw badRequest(`body.proxy: ${normal.error}`);
  const { proxy, host } = normal;
  if (proxy === row.proxy) return undefined;
  const own = [
    hostOf(ctx.urls.api),
    hostOf(ctx.urls.app),
    hostOf(ctx.env.PUBLIC_API_URL),
    hostOf(ctx.env.INTEGRATIONS_URL),
    hostOf(ctx.env.SITES_URL),
    sitesHost(ctx),
  ];
  if (own.includes(host)) throw badRequest(`body.proxy: ${host} is this deployment's own host`);
  const token = host === row.proxyHost && row.proxyToken ? row.proxyToken : newToken();
  return {
    set: { proxy, proxyHost: host, proxyStatus: "dns_no_cname", proxyToken: token, proxyClaimedAt: ctx.now },
    guard: sql`NOT EXISTS (SELECT 1 FROM sites o WHERE o.proxy_host = ${host} AND o.organization_id != ${row.organizationId} AND o.proxy_status = 'live')`,
    before: clearClaims(
      ctx,
      host,
      row.organizationId,
      sql`${sites.proxyClaimedAt} <= ${ctx.now - CLAIM_LAPSES_AFTER_MS}`,
    ),
    host,
  };
}

/**
 * Clears other organizations' unverified claims on `host` that meet `which` (their sites keep everything else
 * and simply have no proxy; they never served the host, so no published URL changes).
 */
function clearClaims(ctx: ServiceContext, host: string, organizationId: string, which: SQL) {
  return ctx.db
    .update(sites)
    .set({ ...NO_PROXY, updatedAt: ctx.now })
    .where(
      sql`${sites.proxyHost} = ${host} AND ${sites.organizationId} != ${organizationId} AND ${sites.proxyStatus} IS NOT 'live' AND ${which}`,
    );
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `quire-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

type ClaimRow = Pick<SiteRow, "id" | "organizationId" | "proxy" | "proxyStatus" | "proxyToken">;

/** A custom hostname as the caller's organization holds it: its sites on the host, the root-most first. */
export interface CustomHostnameView {
  host: string;
  organizationId: string;
  sites: ClaimRow[];
  /** The names and values the host's DNS may hold to prove it. */
  challenge: { txtName: string; cnameTarget?: string };
  /**
   * Another organization holds an unverified claim on the host made in the last CLAIM_LAPSES_AFTER_MS: a CNAME
   * (the same for every organization) proves nothing between them, only the site's own TXT token does.
   */
  contested: boolean;
}

/**
 * The caller's organization's sites on `hostname` (404 when it has none: another organization's hostname is
 * nobody's to the caller), after `site.manage` (create and up; 403 for other members).
 */
async function loadHostname(ctx: ServiceContext, hostname: string): Promise<CustomHostnameView> {
  requireUser(ctx.caller);
  const host = dnsName(hostname);
  const rows = await ctx.db
    .select({
      id: sites.id,
      organizationId: sites.organizationId,
      proxy: sites.proxy,
      proxyStatus: sites.proxyStatus,
      proxyToken: sites.proxyToken,
      proxyClaimedAt: sites.proxyClaimedAt,
    })
    .from(sites)
    .where(eq(sites.proxyHost, host));
  const visible = rows.filter((r) => can(organizationAccess(ctx.caller, r.organizationId), "site.view"));
  const organizationId = visible[0]?.organizationId;
  if (!organizationId) throw notFound("Custom hostname");
  authorize(organizationAccess(ctx.caller, organizationId), "site.manage", "Custom hostname");
  const own = visible
    .filter((r) => r.organizationId === organizationId)
    .sort((a, b) => (a.proxy?.length ?? 0) - (b.proxy?.length ?? 0) || (a.id < b.id ? -1 : 1))
    .map(({ proxyClaimedAt: _, ...site }) => site);
  const contested = rows.some(
    (r) =>
      r.organizationId !== organizationId &&
      r.proxyStatus !== "live" &&
      (r.proxyClaimedAt ?? 0) > ctx.now - CLAIM_LAPSES_AFTER_MS,
  );
  return {
    host,
    sites: own,
    challenge: { txtName: `${CHALLENGE_LABEL}.${host}`, cnameTarget: sitesHost(ctx) },
    contested,
    organizationId,
  };
}

/** getCustomHostname (`create` and up in the hostname's organization). */
export function getCustomHostname(ctx: ServiceContext, hostname: string) {
  return loadHostname(ctx, hostname);
}

/**
 * dnsRevalidateCustomHostname: asks DNS (DNS_RESOLVER_URL) again. A site's proxy is `live` when the host's
 * `_quire-challenge` TXT record holds the site's token, or (uncontested) the host is a CNAME to PUBLIC_SITES_HOST;
 * otherwise `dns_wrong_cname` (a CNAME elsewhere) or `dns_no_cname`, and the host serves none of it. A host proven
 * live is this organization's: other organizations' unverified claims on it are cleared in the same batch, and
 * it goes live only while no other organization is live on it (a concurrent proof elsewhere wins or loses whole).
 */
export async function revalidateCustomHostname(ctx: ServiceContext, hostname: string): Promise<void> {
  const view = await loadHostname(ctx, hostname);
  const evidence = await dnsEvidence(ctx.env, view.host);
  const target = view.challenge.cnameTarget;
  const cnamed = !view.contested && target !== undefined && evidence.cname.includes(target);
  const statusOf = (token: string | null) =>
    cnamed || (token !== null && evidence.txt.includes(token))
      ? ("live" as const)
      : evidence.cname.length
        ? ("dns_wrong_cname" as const)
        : ("dns_no_cname" as const);
  const statuses = view.sites.map((site) => ({ site, status: statusOf(site.proxyToken) }));
  const noneLiveElsewhere = sql`NOT EXISTS (SELECT 1 FROM sites o WHERE o.proxy_host = ${view.host} AND o.organization_id != ${view.organizationId} AND o.proxy_status = 'live')`;
  await batch(ctx.db, [
    ...statuses.flatMap(({ site, status }) => [
      ctx.db
        .update(sites)
        .set(status === "live" ? { proxyStatus: status, proxyClaimedAt: ctx.now } : { proxyStatus: status })
        // Only if the proxy is still the one checked (a concurrent change resets verification).
        .where(
          sql`${sites.id} = ${site.id} AND ${sites.proxy} IS ${site.proxy} ${status === "live" ? sql`AND ${noneLiveElsewhere}` : sql``}`,
        ),
      // Its spaces' `urls.published` follow whether the host is live.
      touchSiteSpaceDetails(ctx.db, site.id),
    ]),
    statuses.some((s) => s.status === "live")
      ? clearClaims(
          ctx,
          view.host,
          view.organizationId,
          sql`EXISTS (SELECT 1 FROM sites m WHERE m.proxy_host = ${view.host} AND m.organization_id = ${view.organizationId} AND m.proxy_status = 'live')`,
        )
      : undefined,
  ]);
}

/**
 * removeCustomHostname: the caller's organization's sites stop using the host (their proxies are cleared).
 * False when the caller's organizations have no site on it (204: nothing removed, nothing revealed).
 */
export async function removeCustomHostname(ctx: ServiceContext, hostname: string): Promise<boolean> {
  let view: CustomHostnameView;
  try {
    view = await loadHostname(ctx, hostname);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
  await batch(
    ctx.db,
    view.sites.flatMap((site) => [
      ctx.db
        .update(sites)
        .set({ ...NO_PROXY, updatedAt: ctx.now })
        .where(eq(sites.id, site.id)),
      touchSiteSpaceDetails(ctx.db, site.id),
    ]),
  );
  return true;
}
