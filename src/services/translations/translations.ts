import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { translationItems, translations } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext, newJob } from "../core";
import { organizationAccess, type Access, authorize, can, loadSpace } from "../access";
import type { TranslationLanguage } from "./translator";

export type TranslationRow = typeof translations.$inferSelect;

/** The job kind of a translation run (and of its continuations): services/translations/translation-run.ts. */
export const TRANSLATION_JOB_KIND = "translation-run";

/** The caller's standing in the organization, authorized for `action` (401 anonymous, 404 non-member, 403 role). */
export function translationAccess(
  ctx: ServiceContext,
  organizationId: string,
  action: "translation.view" | "translation.manage",
  resource = "Translation",
): Access {
  requireUser(ctx.caller);
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, action, resource);
  return access;
}

async function findTranslation(ctx: ServiceContext, organizationId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(translations)
    .where(and(eq(translations.id, id), eq(translations.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function listTranslations(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const access = translationAccess(ctx, organizationId, "translation.view");
  const mine = eq(translations.organizationId, organizationId);
  const result = await keysetPage<TranslationRow>(ctx.db, {
    page,
    keys: [
      { column: translations.createdAt, direction: "asc", value: (r) => r.createdAt },
      { column: translations.id, direction: "asc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(translations)
        .where(and(mine, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(translations).where(mine),
  });
  return { page: result, access };
}

export async function getTranslation(ctx: ServiceContext, organizationId: string, id: string) {
  const access = translationAccess(ctx, organizationId, "translation.view");
  const row = await findTranslation(ctx, organizationId, id);
  if (!row) throw notFound("Translation");
  return { row, access };
}

/**
 * The statements that queue a run of a translation that has none queued or running: its job row (written only
 * if the translation took it) and the compare-and-set that names it on the translation.
 */
function queueRunStatements(ctx: ServiceContext, translationId: string, requestedBy: string) {
  const job = newJob(TRANSLATION_JOB_KIND, { translationId }, ctx.now);
  const claim = ctx.db
    .update(translations)
    .set({
      status: "pending",
      runJobId: job.row.id,
      runStartedAt: null,
      runRequestedBy: requestedBy,
      updatedAt: ctx.now,
    })
    .where(and(eq(translations.id, translationId), sql`${translations.runJobId} IS NULL`))
    .returning();
  const insert = inBatch(
    ctx.db,
    ctx.db.run(sql`INSERT INTO jobs (id, kind, payload, status, attempts, resends, created_at, updated_at)
      SELECT ${job.row.id}, ${job.row.kind}, ${JSON.stringify(job.row.payload)}, 'pending', 0, 0, ${ctx.now}, ${ctx.now}
      WHERE EXISTS (SELECT 1 FROM translations WHERE id = ${translationId} AND run_job_id = ${job.row.id})`),
  );
  return { statements: [claim, insert] as const, message: job.message };
}

/** Sends a run's queue message; a lost one is re-sent by the stuck-job sweep (jobs/registry.ts). */
export async function sendRunMessage(ctx: Pick<ServiceContext, "env">, message: { jobId: string }) {
  try {
    await ctx.env.JOBS.send(message);
  } catch (error) {
    console.error(JSON.stringify({ jobId: message.jobId, error: `translation run not queued: ${String(error)}` }));
  }
}

/** The source space, live, in the organization and visible to the caller; 400 naming the field otherwise. */
async function checkSource(ctx: ServiceContext, organizationId: string, spaceId: string) {
  const found = await loadSpace(ctx, spaceId);
  if (
    !found ||
    found.row.deletedAt !== null ||
    found.row.organizationId !== organizationId ||
    !can(found.access, "space.view")
  )
    throw badRequest(`body.source.space: no space "${spaceId}" in this organization`);
  return found.row;
}

export interface CreateTranslationInput {
  language: TranslationLanguage;
  source: { space: string; language: TranslationLanguage };
  /** The instructions, as markdown. */
  instructions?: string;
}

/** Creates a translation and queues its first run. */
export async function createTranslation(ctx: ServiceContext, organizationId: string, input: CreateTranslationInput) {
  const access = translationAccess(ctx, organizationId, "translation.manage");
  const caller = requireUser(ctx.caller);
  if (input.language === input.source.language)
    throw badRequest("body.language: must differ from body.source.language");
  await checkSource(ctx, organizationId, input.source.space);
  const id = newId();
  const run = queueRunStatements(ctx, id, caller.userId);
  const insert = ctx.db.insert(translations).values({
    id,
    organizationId,
    sourceSpaceId: input.source.space,
    sourceLanguage: input.source.language,
    language: input.language,
    instructions: input.instructions ?? "",
    status: "pending",
    createdBy: caller.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  const [, [row]] = await batch(ctx.db, [insert, ...run.statements]);
  await sendRunMessage(ctx, run.message);
  return { row: row!, access };
}

export async function updateTranslation(
  ctx: ServiceContext,
  organizationId: string,
  id: string,
  input: { instructions: string },
) {
  const access = translationAccess(ctx, organizationId, "translation.manage");
  const [row] = await ctx.db
    .update(translations)
    .set({ instructions: input.instructions, updatedAt: ctx.now })
    .where(and(eq(translations.id, id), eq(translations.organizationId, organizationId)))
    .returning();
  if (!row) throw notFound("Translation");
  return { row, access };
}

/**
 * Deletes a translation and what it remembers of its runs; its result space stays (it is the organization's
 * content now). True when something was deleted. A run in flight finds the translation gone and stops.
 */
export async function deleteTranslation(ctx: ServiceContext, organizationId: string, id: string): Promise<boolean> {
  translationAccess(ctx, organizationId, "translation.manage");
  const mine = and(eq(translations.id, id), eq(translations.organizationId, organizationId));
  const [, deleted] = await batch(ctx.db, [
    ctx.db
      .delete(translationItems)
      .where(
        and(
          eq(translationItems.translationId, id),
          sql`EXISTS (SELECT 1 FROM translations WHERE id = ${id} AND organization_id = ${organizationId})`,
        ),
      ),
    ctx.db.delete(translations).where(mine).returning({ id: translations.id }),
  ]);
  return deleted.length > 0;
}

/**
 * Queues a run unless one is already queued or running (then nothing changes). The caller must still see the
 * source space (403 otherwise); a source that is gone is the run's failure to report, not the request's.
 */
export async function runTranslation(ctx: ServiceContext, organizationId: string, id: string): Promise<void> {
  translationAccess(ctx, organizationId, "translation.manage");
  const caller = requireUser(ctx.caller);
  const row = await findTranslation(ctx, organizationId, id);
  if (!row) throw notFound("Translation");
  if (row.runJobId) return;
  const source = await loadSpace(ctx, row.sourceSpaceId);
  if (source && source.row.deletedAt === null && !can(source.access, "space.view"))
    throw forbidden("You can no longer read the translation's source space");
  const run = queueRunStatements(ctx, id, caller.userId);
  const [claimed] = await batch(ctx.db, [...run.statements]);
  if (claimed.length) await sendRunMessage(ctx, run.message);
}
