import { and, asc, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import {
  type IntegrationScope,
  integrationInstallations,
  integrationSiteInstallations,
  integrationSpaceInstallations,
  integrations,
  sites,
  spaces,
} from "../../db/schema";
import { notFound } from "../../lib/errors";
import { authorize, consentedScopes, loadSpace } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { loadSite } from "../sites";

/*
 * The scripts published content embeds (listSpaceIntegrationScripts, listSiteIntegrationScripts): one per
 * installation enabled on the space (site) whose integration has the `space:script:inject`
 * (`site:script:inject`) scope, while both the organization installation and its space (site) installation are
 * `active`. The script itself is what the integration's code answers to a `fetch_published_script` event, served
 * by Quire at the URL the presenter builds (runtime-calls.ts fetchPublishedScript, routes/integrations/
 * published-script.ts).
 */

export type ScriptTarget = { kind: "space"; spaceId: string } | { kind: "site"; siteId: string };

/** One embeddable script: what the presenter turns into a SpaceIntegrationScript / SiteIntegrationScript. */
export interface PublishedScriptView {
  integrationName: string;
  installationId: string;
  target: ScriptTarget;
  /** Changes whenever the script could: a new version, a configuration update (the URL's cache buster). */
  revision: string;
  contentSecurityPolicy?: string;
  cookies: boolean;
}

const INJECT: Record<ScriptTarget["kind"], IntegrationScope> = {
  space: "space:script:inject",
  site: "site:script:inject",
};
const COOKIES: Record<ScriptTarget["kind"], IntegrationScope> = {
  space: "space:script:cookies",
  site: "site:script:cookies",
};

/**
 * The manifest's `contentSecurityPolicy` as the CSP string the reference's script objects carry: a string as
 * published, a `{directive: sources}` map joined as `directive sources; …` (whitespace folded).
 */
export function cspString(csp: string | Record<string, string> | null): string | undefined {
  if (csp === null || csp === undefined) return undefined;
  if (typeof csp === "string") return csp.trim() || undefined;
  const parts = Object.entries(csp)
    .map(([directive, sources]) =>
      `${directive} ${String(sources ?? "")
        .replace(/\s+/g, " ")
        .replace(/[\s;]+$/, "")
        .trim()}`.trim(),
    )
    .filter(Boolean);
  return parts.length ? parts.join("; ") : undefined;
}

/** The statements that read a space's or site's embeddable scripts (no authorization: callers check). */
export function scriptReads(ctx: Pick<ServiceContext, "db">, target: ScriptTarget) {
  const [table, key, id] =
    target.kind === "space"
      ? [integrationSpaceInstallations, integrationSpaceInstallations.spaceId, target.spaceId]
      : [integrationSiteInstallations, integrationSiteInstallations.siteId, target.siteId];
  const enabled = ctx.db
    .select({
      installationId: table.installationId,
      integrationName: table.integrationName,
      updatedAt: table.updatedAt,
    })
    .from(table)
    .where(and(eq(key, id), eq(table.status, "active")))
    .orderBy(asc(table.createdAt), asc(table.integrationName));
  const installedHere =
    target.kind === "space"
      ? sql`SELECT installation_id FROM integration_space_installations WHERE space_id = ${target.spaceId}`
      : sql`SELECT installation_id FROM integration_site_installations WHERE site_id = ${target.siteId}`;
  // Three statements, not a join: the tables share column names (D1 batch rows are keyed by column name).
  return [
    enabled,
    ctx.db
      .select({
        name: integrations.name,
        version: integrations.version,
        scopes: integrations.scopes,
        contentSecurityPolicy: integrations.contentSecurityPolicy,
      })
      .from(integrations)
      .where(
        sql`${integrations.name} IN (SELECT integration_name FROM integration_installations WHERE id IN (${installedHere}))`,
      ),
    ctx.db
      .select({
        id: integrationInstallations.id,
        updatedAt: integrationInstallations.updatedAt,
        acceptedScopes: integrationInstallations.acceptedScopes,
      })
      .from(integrationInstallations)
      .where(
        and(eq(integrationInstallations.status, "active"), sql`${integrationInstallations.id} IN (${installedHere})`),
      ),
  ] as const;
}

type ScriptReads = ReturnType<typeof scriptReads>;

/** What scriptReads' statements found, as the scripts to embed (in installation order). */
export function scriptViews(
  target: ScriptTarget,
  [rows, found, parents]: [Awaited<ScriptReads[0]>, Awaited<ScriptReads[1]>, Awaited<ScriptReads[2]>],
): PublishedScriptView[] {
  const byName = new Map(found.map((g) => [g.name, g]));
  const active = new Map(parents.map((p) => [p.id, p]));
  return rows.flatMap((row) => {
    const integration = byName.get(row.integrationName);
    const parent = active.get(row.installationId);
    if (!integration || !parent) return [];
    // Only the scopes the installation's admins accepted count (a new version's added scope waits for them).
    const scopes = consentedScopes(integration.scopes, parent.acceptedScopes);
    if (!scopes.includes(INJECT[target.kind])) return [];
    const parentUpdatedAt = parent.updatedAt;
    const csp = cspString(integration.contentSecurityPolicy);
    return [
      {
        integrationName: row.integrationName,
        installationId: row.installationId,
        target,
        revision: `${integration.version}.${Math.max(row.updatedAt, parentUpdatedAt).toString(36)}`,
        ...(csp ? { contentSecurityPolicy: csp } : {}),
        cookies: scopes.includes(COOKIES[target.kind]),
      },
    ];
  });
}

async function scriptsOn(ctx: Pick<ServiceContext, "db">, target: ScriptTarget) {
  const [rows, found, parents] = await batch(ctx.db, [...scriptReads(ctx, target)]);
  return scriptViews(target, [rows, found, parents]);
}

/** listSpaceIntegrationScripts: for those who can read the space (404 for the others). */
export async function listSpaceIntegrationScripts(ctx: ServiceContext, spaceId: string) {
  requireUser(ctx.caller);
  const space = await loadSpace(ctx, spaceId);
  if (!space || space.row.deletedAt !== null) throw notFound("Space");
  authorize(space.access, "space.view", "Space");
  return scriptsOn(ctx, { kind: "space", spaceId });
}

/**
 * The scripts of a site for its published profile (getPublishedContentSite's `scripts`). No authorization: the
 * caller has loaded the site for its visitor.
 */
export function publishedSiteScripts(ctx: Pick<ServiceContext, "db">, siteId: string) {
  return scriptsOn(ctx, { kind: "site", siteId });
}

/** listSiteIntegrationScripts: for members of the site's organization (404 for the others). */
export async function listSiteIntegrationScripts(ctx: ServiceContext, organizationId: string, siteId: string) {
  requireUser(ctx.caller);
  await loadSite(ctx, organizationId, siteId);
  return scriptsOn(ctx, { kind: "site", siteId });
}

/**
 * The embeddable script of one installation on a space or site, for the anonymous script URL: undefined when the
 * installation is gone, not (or no longer) enabled and active there, the space deleted, or the integration lacks
 * the inject scope.
 */
export async function embeddedScript(
  ctx: Pick<ServiceContext, "db">,
  integrationName: string,
  installationId: string,
  target: ScriptTarget,
): Promise<PublishedScriptView | undefined> {
  const reads = scriptReads(ctx, target);
  const [[live], rows, found, parents] = await batch(ctx.db, [
    target.kind === "space"
      ? ctx.db
          .select({ id: spaces.id })
          .from(spaces)
          .where(and(eq(spaces.id, target.spaceId), sql`${spaces.deletedAt} IS NULL`))
          .limit(1)
      : ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.id, target.siteId)).limit(1),
    ...reads,
  ]);
  if (!live) return undefined;
  return scriptViews(target, [rows, found, parents]).find(
    (s) => s.installationId === installationId && s.integrationName === integrationName,
  );
}
