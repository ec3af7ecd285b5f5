import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ContentChangeInput } from "../../content/changes";
import { batch } from "../../db/batch";
import { type ImportRunPage, importRuns, jobs } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { type JobContext, type JobRow, newJob, type ServiceContext } from "../core";
import { requesterContext } from "./run-requester";
import { type WrittenContent, writeChangeRequestContent, writeMainContent } from "../revisions";
import { rewriteMarkdownUrls } from "./markdown-links";
import { type PlannedPage, toBase64 } from "./plan";
import { planRunSource } from "./run-sources";
import { IMPORT_RUN_JOB_KIND, sendRunMessage } from "./run-queue";
import type { ImportRunView } from "./runs";

/*
 * An import run as a job: the first invocation plans the source with today's planners (the crawl, bounded by
 * IMPORT_LIMITS) and stores the plan in R2; then each page is written as its own revision, in plan order, after
 * reading the run's cancel flag. Links to pages not written yet point at their source until the run ends, when
 * the pages holding them are updated. A cancelled run keeps the pages it wrote.
 */

/** Pages written per invocation; the rest goes to a continuation job (the run names it). */
export const PAGES_PER_INVOCATION = 25;

interface StoredPlan {
  plans: {
    label: string;
    pages: PlannedPage[];
    files: { ref: string; name: string; contentType: string; base64: string }[];
  }[];
}

const planKey = (run: ImportRunView) => `orgs/${run.organizationId}/import-runs/${run.id}.json`;
const key = (plan: number, ref: string) => `${plan}:${ref}`;

async function readPlan(env: Env, run: ImportRunView): Promise<StoredPlan | undefined> {
  const object = await env.STORAGE.get(planKey(run));
  return object ? ((await object.json()) as StoredPlan) : undefined;
}

const savePlan = (env: Env, run: ImportRunView, plan: StoredPlan) =>
  env.STORAGE.put(planKey(run), JSON.stringify(plan));

/** Updates the run if this job is still its job. */
async function update(ctx: JobContext, run: ImportRunView, jobId: string, set: Partial<ImportRunView>) {
  await ctx.db
    .update(importRuns)
    .set({ ...set, updatedAt: Date.now() })
    .where(and(eq(importRuns.id, run.id), eq(importRuns.jobId, jobId)));
}

async function finish(
  ctx: JobContext,
  run: ImportRunView,
  jobId: string,
  status: "completed" | "cancelled" | "failed",
  reason: string | null,
) {
  await update(ctx, run, jobId, { status, reason, completedAt: Date.now() });
  await ctx.env.STORAGE.delete(planKey(run));
  return { status, ...(reason ? { reason } : {}) };
}

/** The first invocation: the source planned (4xx errors end the run with their message) and stored. */
async function plan(ctx: JobContext, run: ImportRunView, jobId: string): Promise<StoredPlan | string> {
  let planned: Awaited<ReturnType<typeof planRunSource>>;
  try {
    planned = await planRunSource(ctx, run.organizationId, run.source);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return error.message;
    throw error;
  }
  const stored: StoredPlan = {
    plans: planned.map((p) => ({
      label: p.label,
      pages: p.plan.pages,
      files: p.plan.files.map((f) => ({
        ref: f.ref,
        name: f.name,
        contentType: f.contentType,
        base64: toBase64(f.bytes),
      })),
    })),
  };
  const pages: ImportRunPage[] = planned.flatMap((p, i): ImportRunPage[] =>
    p.error
      ? [{ plan: i, ref: "file", title: p.label, type: "page" as const, status: "failed" as const, error: p.error }]
      : p.plan.pages.map((page) => ({
          plan: i,
          ref: page.ref,
          title: page.title,
          type: page.synthetic ? ("folder" as const) : ("page" as const),
          ...(run.source.type === "website" ? { sourceURL: page.source ?? p.label } : { sourceURL: p.label }),
          status: "pending" as const,
        })),
  );
  await savePlan(ctx.env, run, stored);
  await update(ctx, run, jobId, { pages, pagesTotal: pages.length, pagesDone: 0 });
  run.pages = pages;
  return stored;
}

/** A page's markdown with its refs resolved to what is written; forward links point at their source. */
function resolved(stored: StoredPlan, run: ImportRunView, entry: ImportRunPage, markdown: string) {
  const byRef = new Map(run.pages.filter((p) => p.plan === entry.plan).map((p) => [p.ref, p]));
  const files = new Set<string>();
  let forward = false;
  const text = rewriteMarkdownUrls(markdown, (url, kind) => {
    const ref = /^\.\/([^/]+?)(\.md)?$/.exec(url);
    if (!ref) return url;
    const page = ref[2] || kind === "link" ? byRef.get(ref[1]!) : undefined;
    if (page) {
      if (page.pageId) return `/pages/${page.pageId}`;
      forward = true;
      return page.sourceURL && /^https?:/.test(page.sourceURL) ? page.sourceURL : "#";
    }
    const fileId = run.files[key(entry.plan, ref[1]!)];
    if (fileId) return `/files/${fileId}`;
    if (stored.plans[entry.plan]!.files.some((f) => f.ref === ref[1])) files.add(ref[1]!);
    return url;
  });
  return { text, files: [...files], forward };
}

/**
 * Writes one page (and the files it shows that are not written yet) as one revision, with the run's progress
 * (the page complete, its files, pagesDone) in the same batch: a job redelivered after the commit finds the page
 * recorded, never writes it twice. The run in memory follows once the batch has landed.
 */
async function writePage(
  ctx: ServiceContext,
  run: ImportRunView,
  jobId: string,
  stored: StoredPlan,
  entry: ImportRunPage,
) {
  const planned = stored.plans[entry.plan]!.pages.find((p) => p.ref === entry.ref)!;
  const { text, files, forward } = resolved(stored, run, entry, planned.markdown);
  const parent = planned.parentRef
    ? run.pages.find((p) => p.plan === entry.plan && p.ref === planned.parentRef)?.pageId
    : undefined;
  const into = parent ?? run.pageId ?? undefined;
  const fileInputs = stored.plans[entry.plan]!.files.filter((f) => files.includes(f.ref));
  const changes: ContentChangeInput[] = [
    ...(fileInputs.length ? [{ operation: "insert_files" as const, files: fileInputs }] : []),
    {
      operation: "insert_page",
      ref: entry.ref,
      title: planned.title.slice(0, 512) || "Untitled",
      ...(into !== undefined ? { into } : {}),
      document: { markdown: text },
    },
  ];
  let progress: Pick<ImportRunView, "pages" | "files"> | undefined;
  const alongside = (written: WrittenContent, guard: SQL) => {
    const fileIds = { ...run.files };
    fileInputs.forEach((f, i) => {
      const id = written.insertedFiles[i]?.id;
      if (id) fileIds[key(entry.plan, f.ref)] = id;
    });
    const pageId = written.outcomes.find((o) => o.object === "created_page")?.page;
    const done: ImportRunPage = { ...entry, status: "complete", pageId, ...(forward ? { forward: true } : {}) };
    progress = { pages: run.pages.map((p) => (p === entry ? done : p)), files: fileIds };
    return [
      ctx.db
        .update(importRuns)
        .set({
          ...progress,
          pagesDone: progress.pages.filter((p) => p.status === "complete").length,
          updatedAt: Date.now(),
        })
        .where(and(eq(importRuns.id, run.id), eq(importRuns.jobId, jobId), sql`${guard}`)),
    ];
  };
  if (run.changeRequestId)
    await writeChangeRequestContent(ctx, run.spaceId, run.changeRequestId, changes, { alongside });
  else await writeMainContent(ctx, run.spaceId, changes, { alongside });
  // The landed progress (the last attempt's, when a lost race re-applied the write).
  Object.assign(run.files, progress!.files);
  const done = progress!.pages.find((p) => p.plan === entry.plan && p.ref === entry.ref)!;
  Object.assign(entry, done);
  return { forward };
}

/** When the run ends: pages whose links pointed at pages written later get them as `/pages/<id>`. */
async function fixLinks(ctx: ServiceContext, run: ImportRunView, stored: StoredPlan, forward: ImportRunPage[]) {
  const changes: ContentChangeInput[] = forward.flatMap((entry) => {
    const planned = stored.plans[entry.plan]!.pages.find((p) => p.ref === entry.ref)!;
    const { text } = resolved(stored, run, entry, planned.markdown);
    return entry.pageId
      ? [{ operation: "update_page" as const, page: entry.pageId, document: { markdown: text } }]
      : [];
  });
  if (!changes.length) return;
  if (run.changeRequestId) await writeChangeRequestContent(ctx, run.spaceId, run.changeRequestId, changes);
  else await writeMainContent(ctx, run.spaceId, changes);
}

/** What a cancelled run says: how far it got, and that what it wrote stays. */
function cancelledReason(run: ImportRunView) {
  const done = run.pages.filter((p) => p.status === "complete").length;
  if (!done) return "Cancelled before any page was imported";
  return `Cancelled after ${done} of ${run.pages.length} pages; the pages imported so far are kept`;
}

/** Errors that end the whole run: the target cannot be written any more (deleted, access lost, locked, merged). */
const targetGone = (error: ApiError) => error.status === 403 || error.status === 404 || error.status === 409;

/**
 * The `import-run` job (and its continuations). Idempotent: a job that is no longer the run's does nothing; a
 * redelivered one resumes from the pages recorded as written.
 */
export async function runImportRunJob(ctx: JobContext, job: JobRow) {
  const [run] = await ctx.db
    .select()
    .from(importRuns)
    .where(eq(importRuns.id, String(job.payload.runId ?? "")))
    .limit(1);
  if (!run) return { skipped: "import run deleted" };
  if (run.jobId !== job.id) return { skipped: "not the run's current job" };
  if (run.status !== "pending" && run.status !== "in-progress") return { skipped: `run ${run.status}` };
  if (run.cancelRequested) return finish(ctx, run, job.id, "cancelled", cancelledReason(run));
  if (run.status === "pending") await update(ctx, run, job.id, { status: "in-progress", startedAt: Date.now() });

  let stored = await readPlan(ctx.env, run);
  if (!stored) {
    const planned = await plan(ctx, run, job.id);
    if (typeof planned === "string") return finish(ctx, run, job.id, "failed", planned);
    stored = planned;
  }
  const sctx = await requesterContext(ctx, run);
  const forward = run.pages.filter((p) => p.forward);
  let written = 0;
  for (const entry of run.pages) {
    if (entry.status !== "pending") continue;
    const [flag] = await ctx.db
      .select({ cancel: importRuns.cancelRequested })
      .from(importRuns)
      .where(eq(importRuns.id, run.id));
    if (flag?.cancel) {
      await fixLinks(sctx, run, stored, forward).catch((error) => {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
      });
      return finish(ctx, run, job.id, "cancelled", cancelledReason(run));
    }
    if (written >= PAGES_PER_INVOCATION) return continueLater(ctx, run, job);
    try {
      const page = await writePage(sctx, run, job.id, stored, entry);
      if (page.forward) forward.push(entry);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (targetGone(error))
        return finish(ctx, run, job.id, "failed", `The target can no longer be written: ${error.message}`);
      // Nothing was written: the failure is recorded on its own.
      Object.assign(entry, { status: "failed", error: error.message });
      await update(ctx, run, job.id, { pages: run.pages });
    }
    written++;
  }
  try {
    await fixLinks(sctx, run, stored, forward);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  const failed = run.pages.filter((p) => p.status === "failed").length;
  return finish(
    ctx,
    run,
    job.id,
    "completed",
    failed ? `${failed} of ${run.pages.length} pages could not be imported` : null,
  );
}

/** Hands the rest of the run to a new job (the run names it, so a redelivered old job does nothing). */
async function continueLater(ctx: JobContext, run: ImportRunView, job: JobRow) {
  const next = newJob(IMPORT_RUN_JOB_KIND, { runId: run.id }, Date.now());
  const [, moved] = await batch(ctx.db, [
    ctx.db.insert(jobs).values(next.row),
    ctx.db
      .update(importRuns)
      .set({ jobId: next.message.jobId, updatedAt: Date.now() })
      .where(and(eq(importRuns.id, run.id), eq(importRuns.jobId, job.id)))
      .returning({ id: importRuns.id }),
  ]);
  if (moved.length) await sendRunMessage(ctx, next.message);
  return { continuedIn: next.message.jobId };
}

/** The job failed for good (retries exhausted, or lost too often): the run ends failed (or cancelled, if asked). */
export async function recordImportRunJobFailure(ctx: JobContext, job: JobRow, error: string) {
  const [run] = await ctx.db
    .select()
    .from(importRuns)
    .where(eq(importRuns.id, String(job.payload.runId ?? "")))
    .limit(1);
  if (!run || run.jobId !== job.id || (run.status !== "pending" && run.status !== "in-progress")) return;
  await finish(ctx, run, job.id, run.cancelRequested ? "cancelled" : "failed", error);
}
