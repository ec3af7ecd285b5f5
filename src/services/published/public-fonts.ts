import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { siteCustomizations, sites } from "../../db/schema";

/**
 * Whether a custom font file is open to anyone: a published public or unlisted site of its organization names it
 * in its customization (the site's or a site space's), so anyone may read the pages that load it. The file's
 * shared address (`/~site/~fonts/{organizationId}/{sha256}.{ext}`, the API's `sources[].url`) serves only such
 * files; the others are served at the address of each site that uses them, to the visitors it admits
 * (src/site/fonts.ts). One statement, on the organization's sites.
 */
export async function isPublicFontFile(db: Db, organizationId: string, hash: string): Promise<boolean> {
  // What every stored source URL of the file holds, whatever its host (fontFacesOf reads the same path).
  const needle = `/~fonts/${organizationId}/${hash}.`;
  const [found] = await db
    .select({ siteId: siteCustomizations.siteId })
    .from(siteCustomizations)
    .innerJoin(sites, eq(sites.id, siteCustomizations.siteId))
    .where(
      and(
        eq(sites.organizationId, organizationId),
        eq(sites.published, true),
        inArray(sites.visibility, ["public", "unlisted"]),
        sql`instr(${siteCustomizations.settings}, ${needle}) > 0`,
      ),
    )
    .limit(1);
  return found !== undefined;
}
