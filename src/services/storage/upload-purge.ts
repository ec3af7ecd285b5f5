// The daily cron's share of storage: upload URLs that expired unused, and font uploads no font took within a
// week (their rows and, unless something else still names the same bytes, their R2 objects).
import { sql } from "drizzle-orm";
import type { JobContext } from "../core";
import { storedFileKey } from "./uploads";

/** How long an uploaded font stays usable as a `storageKey` without a font using its file. */
export const UNUSED_FONT_UPLOAD_DAYS = 7;
const PURGE_BATCH = 500;

export async function purgeStaleUploads(ctx: JobContext): Promise<{ expired: number; unusedFonts: number }> {
  const expired = await ctx.db.run(sql`DELETE FROM storage_uploads WHERE rowid IN (
    SELECT rowid FROM storage_uploads WHERE uploaded_at IS NULL AND expires_at < ${ctx.now} LIMIT ${PURGE_BATCH * 10})`);
  const cutoff = ctx.now - UNUSED_FONT_UPLOAD_DAYS * 24 * 60 * 60 * 1000;
  // Old font uploads whose bytes no face uses; each (organization, hash) once.
  const stale = await ctx.db.all<{ id: string; organization_id: string; hash: string; keep: number }>(sql`
    SELECT u.id, u.organization_id, u.hash,
      EXISTS (SELECT 1 FROM storage_uploads n WHERE n.organization_id = u.organization_id AND n.hash = u.hash
        AND n.uploaded_at >= ${cutoff}) AS keep
    FROM storage_uploads u
    WHERE u.kind = 'customization_font' AND u.uploaded_at IS NOT NULL AND u.uploaded_at < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM custom_font_faces f WHERE f.organization_id = u.organization_id AND f.hash = u.hash)
    LIMIT ${PURGE_BATCH}`);
  if (stale.length) {
    // The bytes go unless a newer upload of the same organization carried them too (it keeps them usable).
    const files = new Set(
      stale.filter((row) => !row.keep).map((row) => storedFileKey(row.organization_id, "customization_font", row.hash)),
    );
    if (files.size) await ctx.env.STORAGE.delete([...files]);
    const ids = stale.map((row) => row.id);
    await ctx.db.run(
      sql`DELETE FROM storage_uploads WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  return { expired: expired.meta.changes ?? 0, unusedFonts: stale.length };
}
