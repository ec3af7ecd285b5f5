import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import { jobs, openapiSpecs, openapiSpecVersions } from "../../db/schema";
import { ApiError, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { announce, contentEventStatements, newJob, requireUser, type ServiceContext } from "../core";
import { organizationAccess, type Access, authorize } from "../access";

export type SpecRow = typeof openapiSpecs.$inferSelect;
export type SpecVersionRow = typeof openapiSpecVersions.$inferSelect;
export type SpecSource = { url: string } | { text: string };
export type SpecVisibility = SpecRow["visibility"];

/** The job kind of processing a spec version (run by services/openapi/openapi-processing.ts). */
export const OPENAPI_JOB_KIND = "openapi-spec-process";
/** Where a version's text lives in R2. */
export function specVersionKey(organizationId: string, specId: string, versionId: string) {
  return `orgs/${organizationId}/openapi/${specId}/${versionId}`;
}
const specPrefix = (organizationId: string, specId: string) => `orgs/${organizationId}/openapi/${specId}/`;

/** The caller's standing in the organization, authorized for `action` (401 anonymous, 404 non-member, 403 role). */
function specAccess(ctx: ServiceContext, organizationId: string, action: "openapi.view" | "openapi.create"): Access {
  requireUser(ctx.caller);
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, action, "OpenAPI spec");
  return access;
}

async function findSpec(ctx: ServiceContext, organizationId: string, slug: string): Promise<SpecRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(openapiSpecs)
    .where(and(eq(openapiSpecs.organizationId, organizationId), eq(openapiSpecs.slug, slug)))
    .limit(1);
  return row;
}

async function requireSpec(ctx: ServiceContext, organizationId: string, slug: string): Promise<SpecRow> {
  const row = await findSpec(ctx, organizationId, slug);
  if (!row) throw notFound("OpenAPI spec");
  return row;
}

export function listSpecs(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const access = specAccess(ctx, organizationId, "openapi.view");
  const mine = eq(openapiSpecs.organizationId, organizationId);
  const result = keysetPage<SpecRow>(ctx.db, {
    page,
    keys: [
      { column: openapiSpecs.slug, direction: "asc", value: (r) => r.slug },
      { column: openapiSpecs.id, direction: "asc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(openapiSpecs)
        .where(and(mine, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(openapiSpecs).where(mine),
  });
  return result.then((p) => ({ page: p, access }));
}

export async function getSpec(ctx: ServiceContext, organizationId: string, slug: string) {
  const access = specAccess(ctx, organizationId, "openapi.view");
  return { row: await requireSpec(ctx, organizationId, slug), access };
}

/**
 * The statements that add a version to a spec (the version row, pending, and its processing job) and the
 * queue message to send once they are written. A `text` source is stored in R2 first (by the caller).
 */
function versionStatements(ctx: ServiceContext, organizationId: string, specId: string, source: SpecSource) {
  const versionId = newId();
  const job = newJob(OPENAPI_JOB_KIND, { versionId }, ctx.now);
  const storageKey = specVersionKey(organizationId, specId, versionId);
  const version = ctx.db.insert(openapiSpecVersions).values({
    id: versionId,
    specId,
    organizationId,
    number: sql`(SELECT coalesce(max(${openapiSpecVersions.number}), 0) + 1 FROM ${openapiSpecVersions} WHERE ${openapiSpecVersions.specId} = ${specId})`,
    sourceUrl: "url" in source ? source.url : null,
    storageKey,
    processingState: "pending",
    createdAt: ctx.now,
  });
  return { versionId, storageKey, version, job: ctx.db.insert(jobs).values(job.row), message: job.message };
}

/** The processing fields of a spec whose latest version was just submitted. */
function pendingFields(ctx: ServiceContext, versionId: string, source: SpecSource) {
  return {
    sourceUrl: "url" in source ? source.url : null,
    processingState: "pending" as const,
    lastVersionId: versionId,
    lastProcessErrorCode: null,
    updatedAt: ctx.now,
  };
}

async function storeText(ctx: ServiceContext, key: string, source: SpecSource) {
  if ("text" in source)
    await ctx.env.STORAGE.put(key, source.text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
}

async function sendJob(ctx: ServiceContext, message: { jobId: string }) {
  try {
    await ctx.env.JOBS.send(message);
  } catch (error) {
    // The version stays `pending`; submitting the spec again (PUT) queues a new job.
    console.error(
      JSON.stringify({ jobId: message.jobId, error: `OpenAPI processing job not queued: ${String(error)}` }),
    );
  }
}

/** Creates a spec and its first version. 409 when the slug is taken in the organization. */
async function insertSpec(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
  source: SpecSource,
): Promise<SpecRow> {
  const specId = newId();
  const v = versionStatements(ctx, organizationId, specId, source);
  await storeText(ctx, v.storageKey, source);
  const insert = ctx.db
    .insert(openapiSpecs)
    .values({
      id: specId,
      organizationId,
      slug,
      visibility: "private",
      createdAt: ctx.now,
      ...pendingFields(ctx, v.versionId, source),
    })
    .returning();
  try {
    const [rows] = await batch(ctx.db, [insert, v.version, v.job]);
    await sendJob(ctx, v.message);
    return rows[0];
  } catch (error) {
    if ("text" in source) await ctx.env.STORAGE.delete(v.storageKey);
    if (isUniqueViolation(error, "openapi_specs.organization_id"))
      throw conflict(`An OpenAPI spec with the slug "${slug}" already exists`);
    throw error;
  }
}

export async function createSpec(
  ctx: ServiceContext,
  organizationId: string,
  input: { slug: string; source: SpecSource },
) {
  const access = specAccess(ctx, organizationId, "openapi.create");
  if (await findSpec(ctx, organizationId, input.slug)) {
    throw conflict(`An OpenAPI spec with the slug "${input.slug}" already exists`);
  }
  return { row: await insertSpec(ctx, organizationId, input.slug, input.source), access };
}

/** Adds a version to an existing spec; undefined when the spec no longer exists. */
async function addVersion(ctx: ServiceContext, spec: SpecRow, source: SpecSource): Promise<SpecRow | undefined> {
  const v = versionStatements(ctx, spec.organizationId, spec.id, source);
  await storeText(ctx, v.storageKey, source);
  const update = ctx.db
    .update(openapiSpecs)
    .set(pendingFields(ctx, v.versionId, source))
    .where(eq(openapiSpecs.id, spec.id))
    .returning();
  const [rows] = await batch(ctx.db, [update, v.version, v.job]);
  if (!rows[0]) {
    // Deleted concurrently: take back the version and job written for it.
    await batch(ctx.db, [
      ctx.db.delete(openapiSpecVersions).where(eq(openapiSpecVersions.id, v.versionId)),
      ctx.db.delete(jobs).where(eq(jobs.id, v.message.jobId)),
    ]);
    if ("text" in source) await ctx.env.STORAGE.delete(v.storageKey);
    return undefined;
  }
  await sendJob(ctx, v.message);
  return rows[0];
}

/** PUT: a new version of the spec (updated), or the spec with its first version (created). */
export async function createOrUpdateSpec(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
  source: SpecSource,
) {
  const access = specAccess(ctx, organizationId, "openapi.create");
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findSpec(ctx, organizationId, slug);
    if (existing) {
      const row = await addVersion(ctx, existing, source);
      if (row) return { row, access, created: false };
      continue;
    }
    try {
      return { row: await insertSpec(ctx, organizationId, slug, source), access, created: true };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error; // created concurrently: update it
    }
  }
  throw conflict(`The OpenAPI spec "${slug}" was modified concurrently; try again`);
}

export async function updateSpecVisibility(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
  visibility: SpecVisibility,
) {
  const access = specAccess(ctx, organizationId, "openapi.create");
  const [row] = await ctx.db
    .update(openapiSpecs)
    .set({ visibility, updatedAt: ctx.now })
    .where(and(eq(openapiSpecs.organizationId, organizationId), eq(openapiSpecs.slug, slug)))
    .returning();
  if (!row) throw notFound("OpenAPI spec");
  return { row, access };
}

/** Deletes the spec, its versions and their stored texts; nothing to do when it does not exist. */
export async function deleteSpec(ctx: ServiceContext, organizationId: string, slug: string): Promise<void> {
  specAccess(ctx, organizationId, "openapi.create");
  const spec = await findSpec(ctx, organizationId, slug);
  if (!spec) return;
  // Content computed from it now generates nothing: an event, so that what follows it (search) does.
  const event = contentEventStatements(ctx, { kind: "openapi.spec.updated", organizationId, payload: { slug } });
  await batch(ctx.db, [
    ctx.db.delete(openapiSpecVersions).where(eq(openapiSpecVersions.specId, spec.id)),
    ctx.db.delete(openapiSpecs).where(eq(openapiSpecs.id, spec.id)),
    event.statements,
  ]);
  await deleteStoredTexts(ctx.env.STORAGE, specPrefix(organizationId, spec.id));
  await announce(ctx, [event.queued]);
}

async function deleteStoredTexts(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor, limit: 1000 });
    if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

export async function listSpecVersions(ctx: ServiceContext, organizationId: string, slug: string, page: PageRequest) {
  const { row: spec } = await getSpec(ctx, organizationId, slug);
  const ofSpec = eq(openapiSpecVersions.specId, spec.id);
  const versions = await keysetPage<SpecVersionRow>(ctx.db, {
    page,
    keys: [
      { column: openapiSpecVersions.number, direction: "desc", value: (r) => r.number },
      { column: openapiSpecVersions.id, direction: "desc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(openapiSpecVersions)
        .where(and(ofSpec, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(openapiSpecVersions).where(ofSpec),
  });
  return { spec, versions };
}

/** A version by id, or the newest one for `latest`. */
export async function getSpecVersion(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
  versionId: string | "latest",
) {
  const { row: spec } = await getSpec(ctx, organizationId, slug);
  const id = versionId === "latest" ? spec.lastVersionId : versionId;
  if (!id) throw notFound("OpenAPI spec version");
  const [version] = await ctx.db
    .select()
    .from(openapiSpecVersions)
    .where(and(eq(openapiSpecVersions.specId, spec.id), eq(openapiSpecVersions.id, id)))
    .limit(1);
  if (!version) throw notFound("OpenAPI spec version");
  return { spec, version };
}

/** A version's text, once processed without an error (404 before that, or when it could not be processed). */
export async function getSpecVersionContent(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
  versionId: string | "latest",
) {
  const { spec, version } = await getSpecVersion(ctx, organizationId, slug, versionId);
  if (version.processingState !== "complete") {
    throw new ApiError(
      404,
      `OpenAPI spec version content not found: the version is still being processed (${version.processingState})`,
    );
  }
  if (version.processErrorCode) {
    throw new ApiError(404, `OpenAPI spec version content not found: processing failed (${version.processErrorCode})`);
  }
  const object = await ctx.env.STORAGE.get(version.storageKey);
  if (!object) throw notFound("OpenAPI spec version content");
  return { spec, version, text: await object.text() };
}
