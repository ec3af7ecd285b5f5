import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { parse as parseYaml } from "yaml";
import { batch } from "../../db/batch";
import { openapiSpecs, openapiSpecVersions } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { fetchPublicResource } from "../../lib/safe-fetch";
import { announce, contentEventStatements, type JobContext, type JobRow } from "../core";
import type { SpecVersionRow } from "./openapi-specs";

export const MAX_SPEC_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

type ErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";
type Outcome = { ok: true; text: string; format: "json" | "yaml" } | { ok: false; code: ErrorCode; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses a spec's text: JSON when it starts with `{`, YAML otherwise. It must be an object with a string
 * `openapi` or `swagger` and an `info` object. Undefined when it is not.
 */
export function parseSpecText(text: string): { format: "json" | "yaml" } | undefined {
  let doc: unknown;
  let format: "json" | "yaml";
  try {
    if (text.trimStart().startsWith("{")) {
      format = "json";
      doc = JSON.parse(text);
    } else {
      format = "yaml";
      doc = parseYaml(text, { maxAliasCount: 100, prettyErrors: false });
    }
  } catch {
    return undefined;
  }
  if (!isObject(doc) || !isObject(doc.info)) return undefined;
  if (typeof doc.openapi !== "string" && typeof doc.swagger !== "string") return undefined;
  return { format };
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

const isTimeout = (error: unknown) => {
  const e = error as { name?: string; message?: string };
  return e?.name === "TimeoutError" || /time(d)? ?out/i.test(String(e?.message ?? ""));
};

/** Obtains the version's text (fetched from its URL, or as stored at submission) and checks that it parses. */
async function fetchAndParse(ctx: JobContext, version: SpecVersionRow): Promise<Outcome> {
  let text: string | undefined;
  if (version.sourceUrl) {
    try {
      const fetched = await fetchPublicResource(ctx.env, version.sourceUrl, {
        maxBytes: MAX_SPEC_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
      });
      text = decode(fetched.bytes);
      if (text === undefined)
        return { ok: false, code: "PARSE_ERROR", message: "The fetched document is not UTF-8 text" };
    } catch (error) {
      const message = String((error as Error)?.message ?? error);
      return { ok: false, code: isTimeout(error) ? "FETCH_TIMEOUT" : "FETCH_ERROR", message };
    }
  } else {
    const object = await ctx.env.STORAGE.get(version.storageKey);
    // Written before the version row; missing only if R2 lost it: retry, then the dead-letter queue records it.
    if (!object) throw new Error(`The text of OpenAPI spec version ${version.id} is missing from storage`);
    text = await object.text();
  }
  const parsed = parseSpecText(text);
  if (!parsed)
    return {
      ok: false,
      code: "PARSE_ERROR",
      message: "Not a JSON or YAML OpenAPI document with openapi/swagger and info",
    };
  return { ok: true, text, format: parsed.format };
}

/**
 * The `openapi-spec-process` job: fetches (for a URL source) and parses one version, stores the text in R2,
 * and records the outcome on the version and, while it is still the spec's latest version, on the spec.
 * Idempotent: a version already complete (or deleted) is left alone; a redelivered run redoes the same writes.
 */
export async function runOpenAPISpecJob(ctx: JobContext, job: JobRow) {
  const versionId = String(job.payload.versionId ?? "");
  const [version] = await ctx.db
    .select()
    .from(openapiSpecVersions)
    .where(eq(openapiSpecVersions.id, versionId))
    .limit(1);
  if (!version) return { skipped: "version deleted" };
  if (version.processingState === "complete")
    return { skipped: "already processed", errorCode: version.processErrorCode };

  const isLatest = and(eq(openapiSpecs.id, version.specId), eq(openapiSpecs.lastVersionId, version.id));
  await batch(ctx.db, [
    ctx.db
      .update(openapiSpecVersions)
      .set({ processingState: "progress" })
      .where(eq(openapiSpecVersions.id, version.id)),
    ctx.db.update(openapiSpecs).set({ processingState: "progress" }).where(isLatest),
  ]);

  const outcome = await fetchAndParse(ctx, version);
  const now = Date.now();
  if (outcome.ok && version.sourceUrl) {
    await ctx.env.STORAGE.put(version.storageKey, outcome.text, {
      httpMetadata: { contentType: "text/plain; charset=utf-8" },
    });
  }
  const errorCode = outcome.ok ? null : outcome.code;
  // Content computed from the spec follows its newest processed version: an event, written while the version is.
  const versionExists = sql`EXISTS (SELECT 1 FROM openapi_spec_versions WHERE id = ${version.id})`;
  const event = await specUpdatedStatements(ctx, version.specId, versionExists);
  const [, updated] = await batch(ctx.db, [
    event?.statements,
    ctx.db
      .update(openapiSpecVersions)
      .set({
        processingState: "complete",
        processErrorCode: errorCode,
        processedAt: now,
        format: outcome.ok ? outcome.format : null,
        sha256: outcome.ok ? await sha256Hex(outcome.text) : null,
      })
      .where(eq(openapiSpecVersions.id, version.id))
      .returning({ id: openapiSpecVersions.id }),
    ctx.db
      .update(openapiSpecs)
      .set({ processingState: "complete", lastProcessedAt: now, lastProcessErrorCode: errorCode, updatedAt: now })
      .where(isLatest),
  ]);
  // The spec was deleted while this ran: do not leave its text behind.
  if (!updated.length && outcome.ok) await ctx.env.STORAGE.delete(version.storageKey);
  if (updated.length && event) await announce(ctx, [event.queued]);
  return outcome.ok ? { format: outcome.format } : { errorCode, error: outcome.message };
}

/**
 * The job failed for good (retries exhausted, or its message lost too often): the version and, while it is the
 * latest, the spec leave `pending`/`progress` for `complete` with FETCH_ERROR, the API's code for "the document
 * could not be obtained". The job row keeps the detailed error.
 */
export async function recordOpenAPISpecJobFailure(ctx: JobContext, job: JobRow, _error: string) {
  const versionId = String(job.payload.versionId ?? "");
  const [version] = await ctx.db
    .update(openapiSpecVersions)
    .set({ processingState: "complete", processErrorCode: "FETCH_ERROR", processedAt: ctx.now })
    .where(and(eq(openapiSpecVersions.id, versionId), ne(openapiSpecVersions.processingState, "complete")))
    .returning({ specId: openapiSpecVersions.specId });
  if (!version) return;
  await ctx.db
    .update(openapiSpecs)
    .set({
      processingState: "complete",
      lastProcessedAt: ctx.now,
      lastProcessErrorCode: "FETCH_ERROR",
      updatedAt: ctx.now,
    })
    .where(and(eq(openapiSpecs.id, version.specId), eq(openapiSpecs.lastVersionId, versionId)));
  const event = await specUpdatedStatements(ctx, version.specId);
  if (!event) return;
  await batch(ctx.db, [event.statements]);
  await announce(ctx, [event.queued]);
}

/**
 * The `openapi.spec.updated` event of a spec (content computed from it follows its newest processed version),
 * to write where `guard` holds; undefined when the spec is gone.
 */
async function specUpdatedStatements(ctx: JobContext, specId: string, guard?: SQL) {
  const [spec] = await ctx.db
    .select({ organizationId: openapiSpecs.organizationId, slug: openapiSpecs.slug })
    .from(openapiSpecs)
    .where(eq(openapiSpecs.id, specId))
    .limit(1);
  if (!spec) return undefined;
  const where = sql`EXISTS (SELECT 1 FROM openapi_specs WHERE id = ${specId})${guard ? sql` AND ${guard}` : sql``}`;
  return contentEventStatements(
    ctx,
    { kind: "openapi.spec.updated", organizationId: spec.organizationId, payload: { slug: spec.slug } },
    where,
  );
}
