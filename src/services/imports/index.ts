import type { Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { writeChangeRequestContent, writeMainContent } from "../revisions";
import type { ServiceContext } from "../core";
import { checkPlan, type ImportPlan, planToChanges } from "./plan";
import { checkImportTarget, type ImportTarget } from "./target";
import { planZip } from "./zip";

export const IMPORT_SOURCES = [
  "website",
  "docx",
  "markdown",
  "html",
  "zip",
  "confluence",
  "github-wiki",
  "notion",
  "google-docs",
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportInput {
  url: string;
  source: ImportSource;
}

export interface ImportResult {
  revision: string;
  importedResources: number;
  totalResources: number;
}

// The HTML parser (parse5) and the docx reader load with the first import that needs them, not at every
// isolate's start.
const PLANNERS: Partial<Record<ImportSource, (env: Env, url: string) => Promise<ImportPlan>>> = {
  website: async (env, url) => (await import("./web")).planWebsite(env, url),
  html: async (env, url) => (await import("./web")).planHtml(env, url),
  markdown: async (env, url) => (await import("./web")).planMarkdown(env, url),
  zip: planZip,
  docx: async (env, url) => (await import("./docx")).planDocx(env, url),
};

const UNSUPPORTED: Partial<Record<ImportSource, string>> = {
  confluence:
    "Importing from Confluence needs a connected Confluence account, which Quire does not support; export the space as HTML or markdown and import that (source `zip` or `website`)",
  notion:
    "Importing from Notion needs a connected Notion account, which Quire does not support; export the workspace as markdown and import the zip (source `zip`)",
  "google-docs":
    "Importing from Google Docs needs a connected Google account, which Quire does not support; download the document as .docx and import it (source `docx`)",
  "github-wiki":
    "Importing a GitHub wiki arrives with Git sync; clone the wiki and import its pages as a zip of markdown files (source `zip`) meanwhile",
};

/**
 * Imports content from a URL into a space's main content or a change request, optionally under a page, as one
 * new revision. Authorization and the target are checked before anything is fetched; the source is then
 * fetched, converted and planned in full, and only a complete plan is written (all or nothing).
 */
export async function importContent(
  ctx: ServiceContext,
  spaceId: string,
  target: ImportTarget,
  input: ImportInput,
): Promise<ImportResult> {
  await checkImportTarget(ctx, spaceId, target);

  const unsupported = UNSUPPORTED[input.source];
  if (unsupported) throw badRequest(`body.source: ${unsupported}`);
  const planner = PLANNERS[input.source];
  if (!planner) throw badRequest(`body.source: "${input.source}" is not a supported import source`);

  const plan = await planner(ctx.env, input.url);
  checkPlan(plan);
  const changes = planToChanges(plan, target.pageId);
  const imported = plan.pages.filter((p) => !p.synthetic).length + plan.files.length;
  const totalResources = Math.max(plan.totalResources, imported);
  if (target.changeRequest) {
    const written = await writeChangeRequestContent(ctx, spaceId, target.changeRequest, changes);
    return { revision: written.changeRequest.revisionId, importedResources: imported, totalResources };
  }
  const written = await writeMainContent(ctx, spaceId, changes);
  return { revision: written.revisionId, importedResources: imported, totalResources };
}

/** The planning machinery other sources reuse (Git sync: a repository's files as pages and files). */
export { type EntriesPlanOptions, planEntries } from "./zip";
export { checkPlan, IMPORT_LIMITS, imageTypeOf, type ImportPlan, planToChanges } from "./plan";
export { resolveArchivePath, rewriteMarkdownUrls } from "./markdown-links";
export type { ImportTarget } from "./target";
export { cancelImportRun, getImportRun, listImportRuns, startImportRun } from "./runs";
export type { ImportRunQuery, ImportRunView, StartImportRunInput } from "./runs";
export { recordImportRunJobFailure, runImportRunJob } from "./run-job";
export { IMPORT_RUN_JOB_KIND } from "./run-queue";
