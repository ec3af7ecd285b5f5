import type { ServiceContext } from "../core";
import { publishedSiteScripts } from "../integrations";
import { siteCustomizations, structureOf, loadSite } from "../sites";

/**
 * getPublishedContentSite: everything the published experience needs in one answer: the site, its structure
 * and its customization (the site's, and each site space's merged over it). Members read it in any state (a
 * preview); others once it is published to them (public, unlisted, or with a visitor pass), without what its
 * adaptive content hides from them. `scripts`: what
 * listSiteIntegrationScripts lists (services/integrations/published-scripts.ts).
 */
export async function getPublishedSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId, { visitors: true });
  const [structure, customizations, scripts] = await Promise.all([
    structureOf(ctx, site, { published: true }),
    siteCustomizations(ctx.db, siteId),
    publishedSiteScripts(ctx, siteId),
  ]);
  // A visitor gets no customization of a site space adaptive content hides from them.
  const siteSpaces = Object.entries(customizations.siteSpaces).filter(([id]) => !site.hidden?.has(id));
  return {
    site,
    structure,
    customizations: { ...customizations, siteSpaces: Object.fromEntries(siteSpaces) },
    scripts,
  };
}
