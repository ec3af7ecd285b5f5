import type { ImportRunSource } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { storedFileKey, uploadedFiles } from "../storage";
import type { Db } from "../../db/client";
import { ImportFetcher } from "./fetching";
import { checkPlan, IMPORT_LIMITS, type ImportPlan } from "./plan";

/** A run's source planned with today's planners: one plan per uploaded file, one for a website. */
export interface RunPlan {
  plan: ImportPlan;
  /** The website's URL, or the uploaded file's name. */
  label: string;
  /** The file could not be planned: its error, and no pages. */
  error?: string;
}

/** Which planner reads an uploaded file, by its name (then its declared type). */
function kindOf(name: string, contentType: string): "html" | "markdown" | "docx" | "zip" | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === "html" || ext === "htm") return "html";
  if (ext === "md" || ext === "markdown" || ext === "txt") return "markdown";
  if (ext === "docx") return "docx";
  if (ext === "zip") return "zip";
  if (contentType === "text/html") return "html";
  if (contentType === "text/markdown" || contentType === "text/plain") return "markdown";
  return undefined;
}

/** One uploaded file (an `import_file` upload of the organization) through the planner of its kind. */
async function planFile(env: Env, bytes: Uint8Array, name: string, contentType: string): Promise<ImportPlan> {
  const kind = kindOf(name, contentType);
  // A base no image or link of an uploaded file can be fetched from: only absolute http(s) images are.
  const document = { bytes, url: `file:///${encodeURIComponent(name)}`, contentType };
  const fetcher = new ImportFetcher(env, IMPORT_LIMITS.websiteBytes);
  if (kind === "html") return (await import("./web")).planHtmlDocument(fetcher, document);
  if (kind === "markdown") return (await import("./web")).planMarkdownDocument(fetcher, document);
  if (kind === "docx") return (await import("./docx")).planDocxDocument(document);
  if (kind === "zip") return (await import("./zip")).planZipBytes(bytes);
  throw new ApiError(422, `"${name}" is not a file Quire imports (.html, .md, .txt, .docx or .zip)`);
}

/**
 * Plans a run's source. A website's start page that cannot be fetched (refused by the SSRF guard, unreachable,
 * not HTML) fails the run with its error; an uploaded file that cannot be read is recorded against that file and
 * the other files are imported. Errors other than the API's own (D1, R2) are thrown, for the job to retry.
 */
export async function planRunSource(
  ctx: { db: Db; env: Env },
  organizationId: string,
  source: ImportRunSource,
): Promise<RunPlan[]> {
  if (source.type === "website") {
    const plan = await (await import("./web")).planWebsite(ctx.env, source.url);
    checkPlan(plan);
    return [{ plan, label: source.url }];
  }
  const uploads = await uploadedFiles(ctx.db, organizationId, source.files);
  const plans: RunPlan[] = [];
  for (const key of source.files) {
    const upload = uploads.get(key);
    const empty: ImportPlan = { pages: [], files: [], totalResources: 1 };
    if (!upload?.hash) {
      plans.push({ plan: empty, label: key, error: "The uploaded file no longer exists" });
      continue;
    }
    const object = await ctx.env.STORAGE.get(storedFileKey(organizationId, "import_file", upload.hash));
    if (!object) {
      plans.push({ plan: empty, label: upload.name, error: "The uploaded file's bytes are gone" });
      continue;
    }
    const bytes = new Uint8Array(await object.arrayBuffer());
    try {
      const plan = await planFile(ctx.env, bytes, upload.name, upload.contentType);
      checkPlan(plan);
      plans.push({ plan, label: upload.name });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      plans.push({ plan: empty, label: upload.name, error: error.message });
    }
  }
  const pages = plans.reduce((n, p) => n + p.plan.pages.length, 0);
  if (pages > IMPORT_LIMITS.pages) {
    throw new ApiError(400, `The files have ${pages} pages; one import creates at most ${IMPORT_LIMITS.pages}`);
  }
  return plans;
}
