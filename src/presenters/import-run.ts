import type { UrlBases } from "../services/core";
import type { ImportRunView } from "../services/imports";
import type { ContentImportRun } from "../wire/import-run";

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

/**
 * ContentImportRun: pages not written yet (or that failed, with their `error`) are `pending` and named by their
 * place in the plan; written ones by their page id.
 */
export function presentImportRun(run: ImportRunView, urls: UrlBases): ContentImportRun {
  return {
    object: "import-run" as const,
    id: run.id,
    status: run.status,
    ...(run.reason ? { reason: run.reason } : {}),
    source: run.source,
    target: {
      space: run.spaceId,
      ...(run.changeRequestId ? { changeRequest: run.changeRequestId } : {}),
      ...(run.pageId ? { page: run.pageId } : {}),
    },
    ...(run.siteId ? { site: run.siteId } : {}),
    ...(run.createdBy ? { createdBy: run.createdBy } : {}),
    createdAt: iso(run.createdAt)!,
    updatedAt: iso(run.updatedAt)!,
    startedAt: iso(run.startedAt),
    completedAt: iso(run.completedAt),
    urls: { location: `${urls.api}/v1/org/${run.organizationId}/imports/${run.id}` },
    pages: run.pages.map((p) => ({
      id: p.pageId ?? `${p.plan}-${p.ref}`,
      title: p.title,
      ...(p.sourceURL ? { sourceURL: p.sourceURL } : {}),
      type: p.type,
      status: p.status === "complete" ? ("complete" as const) : ("pending" as const),
      ...(p.error ? { error: p.error } : {}),
    })),
    progress: {
      pagesTotal: run.pagesTotal,
      pagesDone: run.pagesDone,
      pagesFailed: run.pages.filter((p) => p.status === "failed").length,
    },
    cancelRequested: run.cancelRequested,
  };
}
