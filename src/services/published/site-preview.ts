import { badRequest } from "../../lib/errors";
import { authorize, mintPreviewToken, PREVIEW_LIFETIME_MS } from "../access";
import type { ServiceContext } from "../core";
import { loadSite } from "../sites";
import { publishedPathsOf } from "./published-paths";

export interface SitePreviewInput {
  /** The site space to open (its published path); the site's root when absent. */
  siteSpace?: string;
}

/**
 * getSitePublishingPreviewById (`create` and up, as the site's writes): a link that opens the site on the
 * published-site renderer as publishing would show it, published or not, for one hour: the site's path (the site
 * space's, when named) and a preview token signed for this site only (services/access/site-preview.ts).
 */
export async function sitePreview(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: SitePreviewInput,
): Promise<{ siteId: string; path: string; token: string; expiresAt: number }> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  let path = "";
  if (input.siteSpace) {
    const paths = await publishedPathsOf(ctx.db, siteId, { unpublished: true });
    const found = paths?.siteSpaces.get(input.siteSpace);
    if (found === undefined) throw badRequest("siteSpace: is not a site space of this site that its structure shows");
    path = found;
  }
  const expiresAt = ctx.now + PREVIEW_LIFETIME_MS;
  return { siteId, path, token: await mintPreviewToken(ctx, siteId, expiresAt), expiresAt };
}
