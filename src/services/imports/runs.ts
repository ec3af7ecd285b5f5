import { and, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import {
  type ImportRunSource,
  type ImportRunStatus,
  importRuns,
  jobs,
  siteSpaces,
  sites,
  spaces,
} from "../../db/schema";
import { ApiError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import { checkPublicUrl } from "../../lib/safe-fetch";
import { authorize, can, loadSpace, organizationAccess, organizationTree } from "../access";
import { memberRole, newJob, requireUser, type ServiceContext } from "../core";
import { createSpace, visibleSpaces } from "../spaces";
import { uploadedFiles } from "../storage";
import { IMPORT_RUN_JOB_KIND, sendRunMessage } from "./run-queue";
import { checkImportTarget } from "./target";

export type ImportRunView = typeof importRuns.$inferSelect;

export interface StartImportRunInput {
  source: ImportRunSource;
  target: { space?: string; changeRequest?: string; page?: string };
  site?: string;
  enhance?: boolean;
}

export interface ImportRunQuery extends PageRequest {
  space?: string;
  changeRequest?: string;
  site?: string;
  status?: "active" | ImportRunStatus;
}

export const TERMINAL: ImportRunStatus[] = ["completed", "failed", "cancelled"];

/** The uploaded files a run names: `import_file` uploads of the organization, each used (400 naming the index). */
async function checkFiles(ctx: ServiceContext, organizationId: string, keys: string[]) {
  const uploads = await uploadedFiles(ctx.db, organizationId, keys);
  keys.forEach((key, i) => {
    const upload = uploads.get(key);
    if (upload?.kind !== "import_file")
      throw badRequest(`body.source.files.${i}: is not an uploaded import file of this organization`);
  });
}

/** The site a run is listed under: the one given (of the organization), else the target space's only site. */
async function siteOf(ctx: ServiceContext, organizationId: string, spaceId: string, site: string | undefined) {
  if (site !== undefined) {
    const [found] = await ctx.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, site), eq(sites.organizationId, organizationId)))
      .limit(1);
    if (!found) throw badRequest("body.site: is not a site of this organization");
    return site;
  }
  const rows = await ctx.db
    .selectDistinct({ siteId: siteSpaces.siteId })
    .from(siteSpaces)
    .where(and(eq(siteSpaces.spaceId, spaceId), eq(siteSpaces.organizationId, organizationId)))
    .limit(2);
  return rows.length === 1 ? rows[0]!.siteId : null;
}

const titleOf = (source: ImportRunSource) =>
  (source.type === "website" ? new URL(source.url).hostname : "Imported files").slice(0, 50);

/**
 * startImportRun: checks the target (edit on the given space, or creating content in the organization for a new
 * space) and the source (a public http(s) URL by the SSRF guard, or the organization's uploaded import files)
 * before anything is fetched; then writes the run and its job in one batch and queues the job.
 */
export async function startImportRun(
  ctx: ServiceContext,
  organizationId: string,
  input: StartImportRunInput,
): Promise<ImportRunView> {
  const caller = requireUser(ctx.caller);
  let spaceId = input.target.space;
  let changeRequestId: string | null = null;
  if (spaceId !== undefined) {
    const loaded = await checkImportTarget(ctx, spaceId, {
      changeRequest: input.target.changeRequest,
      pageId: input.target.page,
    });
    if (loaded.space.row.organizationId !== organizationId) throw notFound("Space");
    changeRequestId = loaded.changeRequest?.id ?? null;
  } else {
    authorize(organizationAccess(ctx.caller, organizationId), "organization.createContent", "Organization");
    if (input.target.changeRequest !== undefined || input.target.page !== undefined)
      throw badRequest("body.target: a change request or page needs `target.space`");
  }
  if (input.source.type === "website") checkPublicUrl(ctx.env, input.source.url);
  else await checkFiles(ctx, organizationId, input.source.files);
  if (spaceId === undefined)
    spaceId = (await createSpace(ctx, organizationId, { title: titleOf(input.source) })).row.id;

  const site = await siteOf(ctx, organizationId, spaceId, input.site);
  const id = newId();
  const job = newJob(IMPORT_RUN_JOB_KIND, { runId: id }, ctx.now);
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .insert(importRuns)
      .values({
        id,
        organizationId,
        spaceId,
        changeRequestId,
        pageId: input.target.page ?? null,
        siteId: site,
        source: input.source,
        status: "pending",
        jobId: job.message.jobId,
        createdBy: caller.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    ctx.db.insert(jobs).values(job.row),
  ]);
  await sendRunMessage(ctx, job.message);
  return row!;
}

/** A run of the organization whose target space the caller may see (and, for `action`, act on); 404 otherwise. */
async function visibleRun(ctx: ServiceContext, organizationId: string, runId: string, action: "view" | "edit") {
  authorize(memberRole(ctx.caller, organizationId), "organization.view", "Organization");
  const [run] = await ctx.db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.id, runId), eq(importRuns.organizationId, organizationId)))
    .limit(1);
  const space = run && (await loadSpace(ctx, run.spaceId));
  if (!run || !space || space.row.deletedAt !== null || !can(space.access, "space.view")) throw notFound("Import run");
  if (action === "edit") authorize(space.access, "space.edit", "Import run");
  return run;
}

export function getImportRun(ctx: ServiceContext, organizationId: string, runId: string): Promise<ImportRunView> {
  return visibleRun(ctx, organizationId, runId, "view");
}

/**
 * cancelImportRun (`edit` on the target space): a pending run ends at once; a running one is flagged, and its job
 * stops before its next page, keeping the pages written so far. 400 for a run already over.
 */
export async function cancelImportRun(ctx: ServiceContext, organizationId: string, runId: string) {
  const run = await visibleRun(ctx, organizationId, runId, "edit");
  if (TERMINAL.includes(run.status)) throw badRequest(`The import run is already ${run.status}`);
  const [updated] = await ctx.db
    .update(importRuns)
    .set({
      cancelRequested: true,
      updatedAt: ctx.now,
      status: sql`CASE WHEN ${importRuns.status} = 'pending' THEN 'cancelled' ELSE ${importRuns.status} END`,
      completedAt: sql`CASE WHEN ${importRuns.status} = 'pending' THEN ${ctx.now} ELSE ${importRuns.completedAt} END`,
      reason: sql`CASE WHEN ${importRuns.status} = 'pending' THEN 'Cancelled before any page was imported'
        ELSE ${importRuns.reason} END`,
    })
    .where(and(eq(importRuns.id, run.id), inArray(importRuns.status, ["pending", "in-progress"])))
    .returning();
  if (!updated) throw new ApiError(400, "The import run ended meanwhile");
  return updated;
}

/**
 * listImportRuns: the runs of the organization into spaces the caller may see (the space lists' SQL filter),
 * most recent first, in keyset pages: the collection tree, then the page and its count in one batch.
 */
export async function listImportRuns(
  ctx: ServiceContext,
  organizationId: string,
  query: ImportRunQuery,
): Promise<Page<ImportRunView>> {
  const caller = requireUser(ctx.caller);
  const orgRole = memberRole(caller, organizationId);
  authorize(orgRole, "organization.view", "Organization");
  const tree = await organizationTree(ctx.db, organizationId);
  const status = query.status === "active" ? ["pending", "in-progress"] : query.status ? [query.status] : undefined;
  const filter = and(
    eq(importRuns.organizationId, organizationId),
    isNull(spaces.deletedAt),
    visibleSpaces(orgRole, tree, caller.grants),
    query.space !== undefined ? eq(importRuns.spaceId, query.space) : undefined,
    query.changeRequest !== undefined ? eq(importRuns.changeRequestId, query.changeRequest) : undefined,
    query.site !== undefined
      ? sql`(${importRuns.siteId} = ${query.site} OR ${importRuns.spaceId} IN (SELECT ss.space_id FROM site_spaces ss
          WHERE ss.site_id = ${query.site} AND ss.organization_id = ${organizationId}))`
      : undefined,
    status ? inArray(importRuns.status, status as ImportRunStatus[]) : undefined,
  );
  const keys: SortKey<ImportRunView>[] = [
    { column: importRuns.createdAt, direction: "desc", value: (r) => r.createdAt },
    { column: importRuns.id, direction: "desc", value: (r) => r.id },
  ];
  return keysetPage<ImportRunView>(ctx.db, {
    page: query,
    keys,
    rows: (after, orderBy, limit) =>
      ctx.db
        .select(getTableColumns(importRuns))
        .from(importRuns)
        .innerJoin(spaces, eq(spaces.id, importRuns.spaceId))
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(importRuns)
      .innerJoin(spaces, eq(spaces.id, importRuns.spaceId))
      .where(filter),
  });
}
