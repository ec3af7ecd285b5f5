import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { MAX_PAGE_BODY_BYTES } from "../../content/markdown";
import { canonicalJSON, type Snapshot } from "../../content/model";
import { glossaryMatcher, type TranslatableItem, translateItems, type TranslatedItem } from "../../content/translation";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";
import { contentBlobs, jobs, spaces, translationItems, translations } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import { sha256Hex } from "../../lib/crypto";
import { type ServiceContext, type JobRow, newJob } from "../core";
import { loadSnapshot } from "../revisions";
import { glossaryTerms } from "./glossary";
import {
  commitTranslation,
  copyFiles,
  createResultSpace,
  type TranslatedFields,
  translatedSnapshot,
} from "./result-space";
import { sendRunMessage, TRANSLATION_JOB_KIND, type TranslationRow } from "./translations";
import { translatorFor } from "./translator";

/** External calls (translated texts, file copies) per invocation; the rest of the run goes to a continuation. */
export const CALLS_PER_INVOCATION = 400;
/** Items translated and stored per D1 batch, and their markdown per batch. */
const ITEMS_PER_BATCH = 20;
const CHARS_PER_BATCH = 200_000;

/** A failure no retry can fix (the source is gone, a page too large once translated): the run ends with it. */
export class RunFailure extends Error {}

/** A page (or reusable content, `reusable:<id>`) of the source, with the fingerprint of what it asks to translate. */
interface SourceItem {
  id: string;
  title: string;
  description?: string;
  bodyHash?: string;
  key: string;
}

async function sourceItems(s: Snapshot, glossaryFingerprint: string): Promise<SourceItem[]> {
  const items: Omit<SourceItem, "key">[] = [
    ...[...s.pages.values()].map((p) => ({ id: p.id, title: p.title, description: p.description, bodyHash: p.body })),
    ...[...s.reusables.values()].map((r) => ({ id: `reusable:${r.id}`, title: r.title, bodyHash: r.body })),
  ];
  return Promise.all(
    items.map(async (item) => ({
      ...item,
      key: await sha256Hex(
        canonicalJSON([item.title, item.description ?? null, item.bodyHash ?? null, glossaryFingerprint]),
      ),
    })),
  );
}

/** Groups of items whose bodies are read in one round trip. */
const groups = (items: SourceItem[]) => chunk(items, ITEMS_PER_BATCH);

/** Splits a group so that each part holds at most CHARS_PER_BATCH of markdown (a larger item goes alone). */
function byChars(group: SourceItem[], size: (item: SourceItem) => number): SourceItem[][] {
  const out: SourceItem[][] = [];
  let current: SourceItem[] = [];
  let chars = 0;
  for (const item of group) {
    const n = size(item);
    if (current.length && chars + n > CHARS_PER_BATCH) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += n;
  }
  if (current.length) out.push(current);
  return out;
}

async function loadBodies(db: Db, spaceId: string, hashes: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const queries = chunk([...new Set(hashes)], 90).map((part) =>
    db
      .select({ hash: contentBlobs.hash, body: contentBlobs.body })
      .from(contentBlobs)
      .where(and(eq(contentBlobs.spaceId, spaceId), inArray(contentBlobs.hash, part))),
  );
  for (const rows of await batch(db, queries)) for (const row of rows) out.set(row.hash, row.body);
  return out;
}

/** Stores a group's translations: the bodies as blobs of the result space, and what each item became. */
async function storeGroup(
  ctx: ServiceContext,
  run: { translationId: string; jobId: string; resultSpaceId: string },
  group: SourceItem[],
  translated: TranslatedItem[],
) {
  const rows = await Promise.all(
    translated.map(async (t, i) => {
      const bodyHash = t.body === undefined ? null : await sha256Hex(t.body);
      if (t.body !== undefined && new TextEncoder().encode(t.body).length > MAX_PAGE_BODY_BYTES)
        throw new RunFailure(`"${group[i]!.title}" is larger than ${MAX_PAGE_BODY_BYTES} bytes once translated`);
      return { item: group[i]!, t, bodyHash };
    }),
  );
  const values = rows.map((r) => [r.item.id, r.item.key, r.t.title, r.t.description ?? null, r.bodyHash, r.t.words]);
  await batch(ctx.db, [
    rows.flatMap((r) =>
      r.bodyHash && r.t.body !== undefined
        ? [
            ctx.db
              .insert(contentBlobs)
              .values({ spaceId: run.resultSpaceId, hash: r.bodyHash, body: r.t.body })
              .onConflictDoNothing(),
          ]
        : [],
    ),
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO translation_items (translation_id, item_id, source_key, result_space_id, title,
          description, body_hash, words, pending, translated_at)
        SELECT ${run.translationId}, value ->> 0, value ->> 1, ${run.resultSpaceId}, value ->> 2, value ->> 3,
          value ->> 4, value ->> 5, 1, ${ctx.now}
        FROM json_each(${JSON.stringify(values)})
        WHERE EXISTS (SELECT 1 FROM translations WHERE id = ${run.translationId} AND run_job_id = ${run.jobId})
        ON CONFLICT (translation_id, item_id) DO UPDATE SET source_key = excluded.source_key,
          result_space_id = excluded.result_space_id, title = excluded.title, description = excluded.description,
          body_hash = excluded.body_hash, words = excluded.words, pending = 1, translated_at = excluded.translated_at`),
    ),
  ]);
}

/** The statements that end a run well, in the commit's batch and guarded by it: stats, result, state. */
function completion(ctx: ServiceContext, row: TranslationRow, jobId: string, resultSpaceId: string) {
  return (revisionId: string, guard: SQL) => {
    const id = row.id;
    const now = Date.now();
    const pending = sql`FROM translation_items WHERE translation_id = ${id} AND pending = 1`;
    const pages = sql`item_id NOT LIKE 'reusable:%'`;
    const took = sql`(${now} - coalesce(run_started_at, ${now}))`;
    return [
      inBatch(
        ctx.db,
        ctx.db.run(sql`UPDATE translations SET status = 'completed', result_space_id = ${resultSpaceId},
          result_revision_id = ${revisionId}, run_job_id = NULL, run_started_at = NULL, last_run_error = NULL,
          runs = runs + 1,
          latest_pages = (SELECT count(*) ${pending} AND ${pages}),
          latest_words = (SELECT coalesce(sum(words), 0) ${pending}),
          total_words = total_words + (SELECT coalesce(sum(words), 0) ${pending}),
          total_pages = (SELECT count(*) FROM translation_items WHERE translation_id = ${id} AND ${pages}),
          latest_run_duration = ${took}, total_duration = total_duration + ${took}, updated_at = ${now}
        WHERE id = ${id} AND run_job_id = ${jobId} AND ${guard}`),
      ),
      inBatch(
        ctx.db,
        ctx.db.run(sql`UPDATE translation_items SET pending = 0 WHERE translation_id = ${id} AND pending = 1
          AND EXISTS (SELECT 1 FROM translations WHERE id = ${id} AND result_revision_id = ${revisionId})`),
      ),
    ];
  };
}

/** Hands the rest of the run to a new job (the translation names it, so the run stays one run). */
async function continueLater(ctx: ServiceContext, row: TranslationRow, job: JobRow, done: Record<string, unknown>) {
  const next = newJob(TRANSLATION_JOB_KIND, { translationId: row.id }, ctx.now);
  const [, moved] = await batch(ctx.db, [
    ctx.db.insert(jobs).values(next.row),
    ctx.db
      .update(translations)
      .set({ runJobId: next.message.jobId, updatedAt: ctx.now })
      .where(and(eq(translations.id, row.id), eq(translations.runJobId, job.id)))
      .returning({ id: translations.id }),
  ]);
  if (moved.length) await sendRunMessage(ctx, next.message);
  return { ...done, continuedIn: next.message.jobId };
}

/** One invocation of a run: translate what changed (within budget), copy files, then commit. */
export async function runStep(ctx: ServiceContext, row: TranslationRow, job: JobRow) {
  const [[source], [result]] = await batch(ctx.db, [
    ctx.db.select().from(spaces).where(eq(spaces.id, row.sourceSpaceId)).limit(1),
    ctx.db
      .select()
      .from(spaces)
      .where(eq(spaces.id, row.resultSpaceId ?? ""))
      .limit(1),
  ]);
  if (!source || source.deletedAt !== null || source.organizationId !== row.organizationId)
    throw new RunFailure(`The source space ${row.sourceSpaceId} no longer exists in this organization`);
  const resultSpaceId =
    result && result.deletedAt === null && result.organizationId === row.organizationId
      ? result.id
      : await createResultSpace(ctx, row, source, job.id);
  const from = row.sourceLanguage;
  const to = row.language;
  const [snapshot, terms, known] = await Promise.all([
    loadSnapshot(ctx, source.id, source.revisionId),
    glossaryTerms(ctx.db, row.organizationId, from, to),
    ctx.db.select().from(translationItems).where(eq(translationItems.translationId, row.id)),
  ]);
  const items = await sourceItems(snapshot, await sha256Hex(canonicalJSON(terms)));
  const previous = new Map(known.map((r) => [r.itemId, r]));
  const isFresh = (item: SourceItem) => {
    const r = previous.get(item.id);
    return r !== undefined && r.sourceKey === item.key && r.resultSpaceId === resultSpaceId;
  };
  const stale = items.filter((item) => !isFresh(item));

  const translator = translatorFor(ctx.env);
  const matcher = glossaryMatcher(terms);
  const run = { translationId: row.id, jobId: job.id, resultSpaceId };
  let calls = 0;
  let translated = 0;
  for (const group of groups(stale)) {
    const hashes = group.flatMap((item) => (item.bodyHash ? [item.bodyHash] : []));
    const bodies = await loadBodies(ctx.db, source.id, hashes);
    for (const part of byChars(group, (item) => (item.bodyHash ? (bodies.get(item.bodyHash)?.length ?? 0) : 0))) {
      if (calls >= CALLS_PER_INVOCATION)
        return continueLater(ctx, row, job, { translated, left: stale.length - translated });
      const input: TranslatableItem[] = part.map((item) => ({
        key: item.id,
        title: item.title,
        description: item.description,
        body: item.bodyHash ? (bodies.get(item.bodyHash) ?? "") : undefined,
      }));
      const out = await translateItems(input, matcher, (texts) => {
        calls += texts.length * translator.costPerText;
        return translator.translate(texts, from, to);
      });
      await storeGroup(ctx, run, part, out);
      translated += part.length;
    }
  }

  const [resultSpace] = await ctx.db.select().from(spaces).where(eq(spaces.id, resultSpaceId)).limit(1);
  if (!resultSpace) throw new Error("The result space disappeared during the run; the run will retry");
  const resultContent = await loadSnapshot(ctx, resultSpaceId, resultSpace.revisionId);
  const files = await copyFiles(
    ctx,
    { spaceId: source.id, snapshot },
    { spaceId: resultSpaceId, snapshot: resultContent },
    Math.max(1, Math.floor((CALLS_PER_INVOCATION - calls) / 3)),
  );
  if (files.missing) return continueLater(ctx, row, job, { translated, filesCopied: files.copied });

  const keyOf = new Map(items.map((item) => [item.id, item.key]));
  const rows = await ctx.db.select().from(translationItems).where(eq(translationItems.translationId, row.id));
  const fields = new Map<string, TranslatedFields>(
    rows
      .filter((r) => keyOf.get(r.itemId) === r.sourceKey && r.resultSpaceId === resultSpaceId)
      .map((r) => [r.itemId, { title: r.title, description: r.description, bodyHash: r.bodyHash }]),
  );
  const revision = await commitTranslation(
    ctx,
    resultSpaceId,
    translatedSnapshot(snapshot, fields),
    completion(ctx, row, job.id, resultSpaceId),
  );
  if (!revision) throw new Error("The result space was deleted during the run; the run will retry");
  return { translator: translator.name, translated, kept: items.length - stale.length, revision };
}
