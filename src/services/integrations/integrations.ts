import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { decodeBase64File } from "../../content/files";
import { batch } from "../../db/batch";
import {
  integrationInstallations,
  integrationSiteInstallations,
  integrationSpaceInstallations,
  integrations,
  integrationTokens,
  organizations,
} from "../../db/schema";
import { sha256HexOfBytes } from "../../lib/crypto";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { type Access, authorize, strongest, organizationAccess } from "../access";
import { type Caller, memberRole, requireUser, type ServiceContext } from "../core";
import { encryptSecrets } from "./secrets";

export type IntegrationRow = typeof integrations.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
/** The development-mode columns (services/integrations/dev-mode.ts), which publishing leaves alone. */
export type DevModeColumn = "devTunnelUrl" | "devAll" | "devEnabledBy" | "devEnabledAt";

/** An integration with its owner and the caller's standing on it (drives `permissions.admin`). */
export interface IntegrationView {
  row: IntegrationRow;
  owner: OrganizationRow;
  access: Access;
  /** The caller's standing in the owner organization (its presented `permissions`). */
  ownerAccess: Access;
}

export function integrationView(caller: Caller, row: IntegrationRow, owner: OrganizationRow): IntegrationView {
  return { row, owner, access: integrationAccess(caller, row), ownerAccess: organizationAccess(caller, owner.id) };
}

export interface PublishIntegrationInput {
  runtime?: "v1" | "v2";
  icon?: string;
  title: string;
  description: string;
  summary?: string;
  previewImages?: string[];
  visibility?: IntegrationRow["visibility"];
  target?: IntegrationRow["target"];
  scopes: IntegrationRow["scopes"];
  categories?: IntegrationRow["categories"];
  blocks?: NonNullable<IntegrationRow["blocks"]>;
  contentSources?: NonNullable<IntegrationRow["contentSources"]>;
  externalLinks?: { url: string; label: string }[];
  configurations?: NonNullable<IntegrationRow["configurations"]>;
  script: string;
  organization: string;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string | Record<string, string>;
}

/** Largest published script (the Worker Loader runs it as one module). */
export const MAX_SCRIPT_BYTES = 5 * 1024 * 1024;

/** Where a published file lives in R2: content-addressed, shared by every integration and version using it. */
export const integrationAssetKey = (hash: string) => `integrations/assets/${hash}`;

/**
 * The caller's standing on an integration: their role in its owner organization; anyone else reads a public or
 * unlisted integration (as `read`, which never reaches `integration.admin`) and does not see a private one.
 */
export function integrationAccess(
  caller: Caller,
  row: Pick<IntegrationRow, "name" | "organizationId" | "visibility">,
): Access {
  const everyone = row.visibility === "private" ? undefined : "read";
  // An integration's own tokens view it (never administer it); other integrations read what anyone reads.
  if (caller.kind === "scoped") return caller.integration === row.name ? OWN_INTEGRATION : everyone;
  return strongest(memberRole(caller, row.organizationId), everyone);
}

/** An integration's access to itself through its tokens (integration or installation). */
const OWN_INTEGRATION: Access = { scoped: new Set(["integration.view"]) };

/**
 * An integration and its owner organization, as two statements (D1 batch rows are keyed by column name, so a
 * join of two tables sharing column names would mix their values).
 */
function integrationReads(ctx: ServiceContext, name: string) {
  return [
    ctx.db.select().from(integrations).where(eq(integrations.name, name)).limit(1),
    ctx.db
      .select()
      .from(organizations)
      .where(sql`${organizations.id} = (SELECT organization_id FROM integrations WHERE name = ${name})`)
      .limit(1),
  ] as const;
}

/** The owner organizations of these integrations, by id (one statement). */
export async function ownersOf(ctx: ServiceContext, rows: Pick<IntegrationRow, "organizationId">[]) {
  const ids = [...new Set(rows.map((r) => r.organizationId))];
  if (!ids.length) return new Map<string, OrganizationRow>();
  const owners = await ctx.db.select().from(organizations).where(inArray(organizations.id, ids));
  return new Map(owners.map((o) => [o.id, o]));
}

/** An integration the caller can see, or 404. */
export async function loadIntegration(ctx: ServiceContext, name: string): Promise<IntegrationView> {
  const [[row], [owner]] = await batch(ctx.db, integrationReads(ctx, name));
  const view = row && owner && integrationView(ctx.caller, row, owner);
  if (!view?.access) throw notFound("Integration");
  return view;
}

export async function getIntegration(ctx: ServiceContext, name: string): Promise<IntegrationView> {
  if (ctx.caller.kind !== "scoped") requireUser(ctx.caller);
  return loadIntegration(ctx, name);
}

const IMAGE_SIGNATURES: [string, (b: Uint8Array) => boolean][] = [
  ["image/png", (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46],
  ["image/webp", (b) => String.fromCharCode(...b.subarray(8, 12)) === "WEBP"],
];

/** A published image's bytes and type; the field is named in the 400 when it is not a PNG, JPEG, GIF or WebP. */
function decodeImage(field: string, base64: string) {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64File(base64);
  } catch {
    throw badRequest(`${field}: must be a base64-encoded image`);
  }
  const type = IMAGE_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
  if (!type) throw badRequest(`${field}: must be a PNG, JPEG, GIF or WebP image`);
  return { bytes, type };
}

async function storeAsset(ctx: ServiceContext, bytes: Uint8Array, contentType: string): Promise<string> {
  const hash = await sha256HexOfBytes(bytes);
  await ctx.env.STORAGE.put(integrationAssetKey(hash), bytes, { httpMetadata: { contentType } });
  return hash;
}

/**
 * publishIntegration: creates the integration, or publishes a new version of it (version + 1). Only admins of
 * the publishing organization publish, and an integration stays with the organization that first published it.
 * Secrets omitted from a new version keep the previous version's. Scopes it adds are not granted to existing
 * installations until their admins accept them (installations.ts); scopes it drops are dropped from what they
 * accepted.
 */
export async function publishIntegration(
  ctx: ServiceContext,
  name: string,
  input: PublishIntegrationInput,
): Promise<IntegrationView> {
  requireUser(ctx.caller);
  authorize(organizationAccess(ctx.caller, input.organization), "organization.admin", "Organization");
  const script = new TextEncoder().encode(input.script);
  if (script.length > MAX_SCRIPT_BYTES) throw badRequest(`script: must be at most ${MAX_SCRIPT_BYTES} bytes`);
  const icon = input.icon === undefined ? undefined : decodeImage("icon", input.icon);
  const previews = (input.previewImages ?? []).map((image, i) => decodeImage(`previewImages.${i}`, image));

  const [[existing], [owner]] = await batch(ctx.db, [
    ctx.db.select().from(integrations).where(eq(integrations.name, name)).limit(1),
    ctx.db.select().from(organizations).where(eq(organizations.id, input.organization)).limit(1),
  ]);
  if (!owner) throw notFound("Organization");
  if (existing && existing.organizationId !== input.organization) {
    throw conflict(`The integration name "${name}" belongs to another organization`);
  }

  const [scriptHash, iconHash, previewImageHashes] = await Promise.all([
    storeAsset(ctx, script, "text/javascript"),
    icon ? storeAsset(ctx, icon.bytes, icon.type) : undefined,
    Promise.all(previews.map((p) => storeAsset(ctx, p.bytes, p.type))),
  ]);
  const secrets = input.secrets ? await encryptSecrets(ctx, input.secrets) : (existing?.secrets ?? null);
  const values = {
    name,
    organizationId: input.organization,
    version: (existing?.version ?? 0) + 1,
    runtime: input.runtime ?? "v1",
    title: input.title,
    description: input.description,
    summary: input.summary ?? null,
    visibility: input.visibility ?? "private",
    target: input.target ?? "all",
    scopes: input.scopes,
    categories: input.categories ?? [],
    blocks: input.blocks ?? null,
    contentSources: input.contentSources ?? null,
    configurations: input.configurations ?? null,
    externalLinks: input.externalLinks ?? [],
    contentSecurityPolicy: input.contentSecurityPolicy ?? null,
    scriptHash,
    iconHash: iconHash ?? null,
    previewImageHashes,
    secrets,
    createdAt: existing?.createdAt ?? ctx.now,
    updatedAt: ctx.now,
  } satisfies Omit<IntegrationRow, DevModeColumn>; // a new version keeps development mode as it was
  const { name: _, createdAt: __, ...changed } = values;
  // The version bump is computed in SQL too, so that two racing publishes get two versions.
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .insert(integrations)
      .values(values)
      .onConflictDoUpdate({
        target: integrations.name,
        set: { ...changed, version: sql`${integrations.version} + 1` },
        setWhere: eq(integrations.organizationId, input.organization),
      })
      .returning(),
    // A scope this version drops leaves every installation's accepted ones: adding it back asks for consent again.
    // Only when the upsert above published (the integration is this organization's).
    ctx.db
      .update(integrationInstallations)
      .set({
        acceptedScopes: sql`(SELECT json_group_array(a.value) FROM json_each(${integrationInstallations.acceptedScopes}) a
          WHERE a.value IN (SELECT value FROM json_each(${JSON.stringify(input.scopes)})))`,
      })
      .where(
        and(
          eq(integrationInstallations.integrationName, name),
          sql`EXISTS (SELECT 1 FROM integrations WHERE name = ${name} AND organization_id = ${input.organization})`,
        ),
      ),
  ]);
  if (!row) throw conflict(`The integration name "${name}" belongs to another organization`);
  return integrationView(ctx.caller, row, owner);
}

/**
 * unpublishIntegration: deletes the integration and every installation of it (its R2 files stay: they are
 * content-addressed and may be shared). False when there was nothing to delete.
 */
export async function unpublishIntegration(ctx: ServiceContext, name: string): Promise<boolean> {
  requireUser(ctx.caller);
  const [[existing]] = await batch(ctx.db, [
    ctx.db.select().from(integrations).where(eq(integrations.name, name)).limit(1),
  ]);
  if (!existing) return false;
  authorize(integrationAccess(ctx.caller, existing), "integration.admin", "Integration");
  await batch(ctx.db, [
    ctx.db.delete(integrationSpaceInstallations).where(eq(integrationSpaceInstallations.integrationName, name)),
    ctx.db.delete(integrationSiteInstallations).where(eq(integrationSiteInstallations.integrationName, name)),
    ctx.db.delete(integrationInstallations).where(eq(integrationInstallations.integrationName, name)),
    ctx.db.delete(integrationTokens).where(eq(integrationTokens.integrationName, name)),
    ctx.db.delete(integrations).where(eq(integrations.name, name)),
  ]);
  return true;
}

export interface IntegrationFilters extends PageRequest {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: IntegrationRow["target"];
}

/** The filters of the integration lists, as SQL over the `integrations` table. */
export function integrationFilters(q: IntegrationFilters): (SQL | undefined)[] {
  const hasItems = (column: typeof integrations.blocks | typeof integrations.contentSources, wanted?: boolean) =>
    wanted === undefined
      ? undefined
      : wanted
        ? sql`coalesce(json_array_length(${column}), 0) > 0`
        : sql`coalesce(json_array_length(${column}), 0) = 0`;
  const search = q.search?.trim().toLowerCase();
  return [
    search
      ? sql`(instr(lower(${integrations.name}), ${search}) > 0 OR instr(lower(${integrations.title}), ${search}) > 0)`
      : undefined,
    q.category
      ? sql`EXISTS (SELECT 1 FROM json_each(${integrations.categories}) WHERE value = ${q.category})`
      : undefined,
    q.scope ? sql`EXISTS (SELECT 1 FROM json_each(${integrations.scopes}) WHERE value = ${q.scope})` : undefined,
    q.blockDomain
      ? sql`EXISTS (SELECT 1 FROM json_each(${integrations.blocks}) b, json_each(b.value, '$.urlUnfurl') u
          WHERE instr(lower(u.value), ${q.blockDomain.toLowerCase()}) > 0)`
      : undefined,
    hasItems(integrations.blocks, q.blocks),
    hasItems(integrations.contentSources, q.contentSources),
    q.owner ? eq(integrations.organizationId, q.owner) : undefined,
    q.target ? eq(integrations.target, q.target) : undefined,
  ];
}

/**
 * listIntegrations (`trustedBy` unset) and listOrganizationIntegrations: public integrations, plus every
 * integration of the organizations the caller belongs to (`trustedBy`: of that organization only), by name.
 */
export async function listIntegrations(
  ctx: ServiceContext,
  q: IntegrationFilters,
  trustedBy?: string,
): Promise<Page<IntegrationView>> {
  const caller = requireUser(ctx.caller);
  if (trustedBy !== undefined) authorize(organizationAccess(caller, trustedBy), "organization.view", "Organization");
  const own = trustedBy !== undefined ? [trustedBy] : [...caller.memberships.keys()];
  const visible = or(
    eq(integrations.visibility, "public"),
    own.length ? inArray(integrations.organizationId, own) : undefined,
  );
  const where = and(visible, ...integrationFilters(q));
  return integrationPage(ctx, caller, where, q);
}

/** Integrations matching `where`, by name, with their owners (one more statement for the page's owners). */
export async function integrationPage(
  ctx: ServiceContext,
  caller: Caller,
  where: SQL | undefined,
  q: PageRequest,
): Promise<Page<IntegrationView>> {
  const page = await keysetPage(ctx.db, {
    page: q,
    keys: [{ column: integrations.name, direction: "asc", value: (r: IntegrationRow) => r.name }],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(integrations)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(integrations).where(where),
  });
  const owners = await ownersOf(ctx, page.items);
  return { ...page, items: page.items.map((row) => integrationView(caller, row, owners.get(row.organizationId)!)) };
}

/**
 * A published image of an integration (its icon or a preview image), by content hash, for anyone when the
 * integration is public or unlisted (its listing shows them), else for members of its organization.
 */
export async function readIntegrationImage(ctx: ServiceContext, name: string, hash: string) {
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .select({
        organizationId: integrations.organizationId,
        visibility: integrations.visibility,
        iconHash: integrations.iconHash,
        previewImageHashes: integrations.previewImageHashes,
        name: integrations.name,
      })
      .from(integrations)
      .where(eq(integrations.name, name))
      .limit(1),
  ]);
  const published = row && (row.iconHash === hash || row.previewImageHashes.includes(hash));
  if (!row || !published || !integrationAccess(ctx.caller, row)) throw notFound("Integration image");
  const object = await ctx.env.STORAGE.get(integrationAssetKey(hash));
  if (!object) throw notFound("Integration image");
  return object;
}
