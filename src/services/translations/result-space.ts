import { and, eq, type SQL, sql } from "drizzle-orm";
import { fileKey } from "../../content/files";
import { canonicalJSON, cloneSnapshot, type Snapshot } from "../../content/model";
import { serializeSnapshot, type StoredSnapshot } from "../../content/snapshot-store";
import { initialRevisionStatements } from "../../content/store";
import { batch, type Statement } from "../../db/batch";
import { inBatch } from "../../db/client";
import { spaces, translations } from "../../db/schema";
import { base62, newId, randomBytes } from "../../lib/ids";
import type { SpaceRow } from "../access";
import type { ServiceContext } from "../core";
import { commitRevision, loadSnapshot, withSpaceWriteTurn } from "../revisions";
import { placementKey } from "../spaces";
import type { TranslationRow } from "./translations";

/** What a run translated for one page or reusable content of the source. */
export interface TranslatedFields {
  title: string;
  description: string | null;
  bodyHash: string | null;
}

const ATTEMPTS = 3;

/**
 * Creates the space a translation writes into: in the source's organization, right after the source, with
 * the target language, an empty first revision, and the run's requester as its creator. It is private and
 * readable by whoever may read the source: the source's `defaultLevel` and space grants are copied (the
 * collection's, where they come from, apply alike). Named on the
 * translation in the same batch (only while this run is the translation's current one).
 */
export async function createResultSpace(
  ctx: ServiceContext,
  translation: TranslationRow,
  source: SpaceRow,
  runJobId: string,
): Promise<string> {
  let sortKey: string;
  try {
    sortKey = await placementKey(ctx.db, {
      organizationId: source.organizationId,
      parentId: source.parentId,
      self: null,
      position: { after: { type: "space", space: source.id } },
    });
  } catch {
    sortKey = await placementKey(ctx.db, {
      organizationId: source.organizationId,
      parentId: source.parentId,
      self: null,
    });
  }
  const createdBy = translation.runRequestedBy ?? translation.createdBy;
  const row: SpaceRow = {
    id: newId(),
    organizationId: source.organizationId,
    parentId: source.parentId,
    title: `${source.title.slice(0, 40)} (${translation.language})`,
    emoji: source.emoji,
    iconUrl: source.iconUrl,
    visibility: "private",
    language: translation.language,
    editMode: "live",
    defaultLevel: source.defaultLevel,
    sortKey,
    revisionId: newId(),
    shareKey: base62(randomBytes(16)),
    createdBy,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    deletedAt: null,
  };
  const first = await initialRevisionStatements(ctx.db, {
    spaceId: row.id,
    revisionId: row.revisionId,
    createdBy,
    now: ctx.now,
  });
  await batch(ctx.db, [
    ctx.db.insert(spaces).values(row),
    // The source's own grants (its users and teams), so that the result is readable by exactly its readers.
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO content_grants (organization_id, resource_kind, resource_id, subject_kind,
          subject_id, role, created_at, updated_at)
        SELECT organization_id, 'space', ${row.id}, subject_kind, subject_id, role, ${ctx.now}, ${ctx.now}
        FROM content_grants WHERE resource_kind = 'space' AND resource_id = ${source.id}`),
    ),
    ...first,
    ctx.db
      .update(translations)
      .set({ resultSpaceId: row.id, resultRevisionId: null, updatedAt: ctx.now })
      .where(and(eq(translations.id, translation.id), eq(translations.runJobId, runJobId))),
  ]);
  return row.id;
}

/**
 * Copies the source's files that the result space does not have yet (files are content-addressed per space
 * in R2). At most `limit` copies; returns how many files are still missing.
 */
export async function copyFiles(
  ctx: ServiceContext,
  from: { spaceId: string; snapshot: Snapshot },
  to: { spaceId: string; snapshot: Snapshot },
  limit: number,
): Promise<{ copied: number; missing: number }> {
  const present = new Set([...to.snapshot.files.values()].map((f) => f.hash));
  const wanted = [...new Set([...from.snapshot.files.values()].map((f) => f.hash))].filter((h) => !present.has(h));
  let copied = 0;
  for (const hash of wanted) {
    if (copied >= limit) break;
    const key = fileKey(to.spaceId, hash);
    copied++;
    if (await ctx.env.STORAGE.head(key)) continue;
    const object = await ctx.env.STORAGE.get(fileKey(from.spaceId, hash));
    if (!object) continue; // lost from the source too: the result shares its broken reference
    await ctx.env.STORAGE.put(key, await object.arrayBuffer(), { httpMetadata: object.httpMetadata, sha256: hash });
  }
  return { copied, missing: wanted.length - copied };
}

/** The source's content with each page's and reusable content's translated title, description and body. */
export function translatedSnapshot(source: Snapshot, fields: Map<string, TranslatedFields>): Snapshot {
  const next = cloneSnapshot(source);
  for (const [id, page] of next.pages) {
    const t = fields.get(id);
    if (!t) throw new Error(`No translation of page ${id}`);
    const translated = { ...page, title: t.title };
    if (page.description !== undefined && t.description !== null) translated.description = t.description;
    if (page.body !== undefined && t.bodyHash) translated.body = t.bodyHash;
    next.pages.set(id, translated);
  }
  for (const [id, reusable] of next.reusables) {
    const t = fields.get(`reusable:${id}`);
    if (!t) throw new Error(`No translation of reusable content ${id}`);
    next.reusables.set(id, { ...reusable, title: t.title, ...(t.bodyHash ? { body: t.bodyHash } : {}) });
  }
  return next;
}

/** Whether a snapshot is exactly a stored revision's content (same tree, files, reusables and variables). */
async function sameContent(next: Snapshot, base: StoredSnapshot): Promise<boolean> {
  const write = await serializeSnapshot(next, base);
  const r = base.revision;
  return (
    write.rootNode === r.rootNode &&
    write.filesNode === r.filesNode &&
    write.reusablesNode === r.reusablesNode &&
    canonicalJSON(next.variables) === canonicalJSON(r.variables ?? {})
  );
}

/**
 * Writes the translated snapshot as one new revision of the result space's primary content, through the same
 * commit as every write to main (new nodes, the revision, the compare-and-set, the search index), in the
 * space's write turn. `complete` adds statements to the same batch, guarded by the commit. The bodies are
 * already stored (the run wrote them as it translated). Undefined when the result space is gone.
 */
export async function commitTranslation(
  ctx: ServiceContext,
  resultSpaceId: string,
  next: Snapshot,
  complete: (revisionId: string, guard: SQL) => Statement[],
): Promise<string | undefined> {
  return withSpaceWriteTurn(ctx, resultSpaceId, async (turnCtx) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [space] = await turnCtx.db
        .select({ revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
        .from(spaces)
        .where(eq(spaces.id, resultSpaceId))
        .limit(1);
      if (!space || space.deletedAt !== null) return undefined;
      const base: StoredSnapshot = await loadSnapshot(turnCtx, resultSpaceId, space.revisionId);
      if (await sameContent(next, base)) {
        // Nothing changed since the result's current revision: no empty revision, the run just completes.
        await batch(turnCtx.db, complete(base.revision.id, sql`1`));
        return base.revision.id;
      }
      const revisionId = newId();
      const done = await commitRevision(turnCtx, resultSpaceId, base, next, new Map(), {
        revisionId,
        type: "edits",
        parents: [base.revision.id],
        changeRequestId: null,
        casSpace: { expectedRevision: base.revision.id },
        extra: (guard) => complete(revisionId, guard),
      });
      if (done.committed) return revisionId;
    }
    throw new Error("The result space kept changing while the translation was written; the run will retry");
  });
}
