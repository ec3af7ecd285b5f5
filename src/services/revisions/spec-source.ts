import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { openapiSpecs, openapiSpecVersions } from "../../db/schema";
import type { ServiceContext } from "../core";
type SpecVersionRow = typeof openapiSpecVersions.$inferSelect;

/** A spec's newest processed version and its text, or why there is none (never an error: computed content is empty then). */
export type SpecText = { ok: true; version: SpecVersionRow; text: string } | { ok: false; reason: string };

/**
 * The text of the newest processed version of an organization's spec, for content computed from it. Reads no
 * caller permission: whoever may read the content that depends on the spec sees what it generates. A newer
 * version still being processed leaves the previous one in use; a newest processed version that failed gives
 * no text, with the reason.
 */
export async function latestSpecText(
  ctx: Pick<ServiceContext, "db" | "env">,
  organizationId: string,
  slug: string,
): Promise<SpecText> {
  const ofSlug = and(eq(openapiSpecs.organizationId, organizationId), eq(openapiSpecs.slug, slug));
  const [specs, versions] = await batch(ctx.db, [
    ctx.db
      .select({ id: openapiSpecs.id, processingState: openapiSpecs.processingState })
      .from(openapiSpecs)
      .where(ofSlug)
      .limit(1),
    ctx.db
      .select()
      .from(openapiSpecVersions)
      .where(
        and(
          sql`${openapiSpecVersions.specId} = (SELECT ${openapiSpecs.id} FROM ${openapiSpecs} WHERE ${ofSlug})`,
          eq(openapiSpecVersions.processingState, "complete"),
        ),
      )
      .orderBy(desc(openapiSpecVersions.number))
      .limit(1),
  ]);
  const spec = specs[0];
  if (!spec) return { ok: false, reason: `The OpenAPI spec "${slug}" does not exist in this organization` };
  const version = versions[0];
  if (!version) {
    return {
      ok: false,
      reason: `The OpenAPI spec "${slug}" has no processed version yet (its latest version is ${spec.processingState})`,
    };
  }
  if (version.processErrorCode) {
    return {
      ok: false,
      reason: `The latest version of the OpenAPI spec "${slug}" could not be processed (${version.processErrorCode})`,
    };
  }
  const object = await ctx.env.STORAGE.get(version.storageKey);
  if (!object) return { ok: false, reason: `The content of the OpenAPI spec "${slug}" is missing from storage` };
  return { ok: true, version, text: await object.text() };
}

/**
 * SQL (a scalar subquery) for what a revision's computed pages are generated from: `slug=versionId` for each spec
 * slug in its `computed_specs` (the newest processed version, as latestSpecText picks it; `-` when the spec has
 * none or does not exist), comma-separated; NULL when it has no computed page. It changes exactly when a new spec
 * version is processed (or the spec is deleted or created): published page caches and the search index key on it.
 */
export function computedSpecVersionsSql(revisionId: SQL, organizationId: SQL): SQL {
  return sql`(SELECT group_concat(j.value || '=' || coalesce((SELECT v.id FROM openapi_specs os
      JOIN openapi_spec_versions v ON v.spec_id = os.id
      WHERE os.organization_id = ${organizationId} AND os.slug = j.value AND v.processing_state = 'complete'
      ORDER BY v.number DESC LIMIT 1), '-'), ',')
    FROM revisions r, json_each(r.computed_specs) j WHERE r.id = ${revisionId})`;
}
