// Custom fonts of an organization: members read them, admins write them. Each face (one per weight) is a file
// uploaded through generateStorageUploadURL (kind `customization_font`), kept in R2 by content hash and served
// for good at an immutable URL (`fontFilePath`). A file no font of the organization uses any more is deleted.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { customFontFaces, customFonts, type FontFileFormat, storageUploads } from "../../db/schema";
import { badRequest, notFound, preconditionFailed } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { authorize, can, organizationAccess } from "../access";
import type { ServiceContext } from "../core";
import { fontFilePath, fontFormat } from "./font-files";
import { storedFileKey, uploadedFiles } from "./uploads";

/** An organization's fonts are few: a bound that keeps listCustomFonts one page. */
export const MAX_FONTS_PER_ORGANIZATION = 100;
const REGULAR = 400;

export interface CustomFontView {
  id: string;
  organizationId: string;
  fontFamily: string;
  /** `path`: where the deployment serves the face's file (on any of its hosts). */
  faces: { weight: number; hash: string; format: FontFileFormat; path: string }[];
  canEdit: boolean;
}

type FontRow = typeof customFonts.$inferSelect;
type FaceRow = typeof customFontFaces.$inferSelect;

function views(ctx: ServiceContext, fonts: FontRow[], faces: FaceRow[]): CustomFontView[] {
  const canEdit = can(organizationAccess(ctx.caller, fonts[0]?.organizationId ?? ""), "organization.admin");
  return fonts.map((font) => ({
    id: font.id,
    organizationId: font.organizationId,
    fontFamily: font.fontFamily,
    faces: faces
      .filter((face) => face.fontId === font.id)
      .sort((a, b) => a.weight - b.weight)
      .map(({ weight, hash, format }) => ({
        weight,
        hash,
        format,
        path: fontFilePath(font.organizationId, hash, format),
      })),
    canEdit,
  }));
}

/** listCustomFonts: every font of the organization (at most MAX_FONTS_PER_ORGANIZATION), oldest first. */
export async function listCustomFonts(ctx: ServiceContext, organizationId: string) {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.view", "Organization");
  const [fonts, faces] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(customFonts)
      .where(eq(customFonts.organizationId, organizationId))
      .orderBy(asc(customFonts.createdAt), asc(customFonts.id)),
    ctx.db.select().from(customFontFaces).where(eq(customFontFaces.organizationId, organizationId)),
  ]);
  return views(ctx, fonts, faces);
}

/** getCustomFont: 404 for a font of another organization. */
export async function getCustomFont(ctx: ServiceContext, organizationId: string, fontId: string) {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.view", "Organization");
  const [fonts, faces] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(customFonts)
      .where(and(eq(customFonts.id, fontId), eq(customFonts.organizationId, organizationId))),
    ctx.db.select().from(customFontFaces).where(eq(customFontFaces.fontId, fontId)),
  ]);
  if (!fonts.length) throw notFound("Font");
  return views(ctx, fonts, faces)[0]!;
}

/** The faces' files: each storage key an uploaded font of this organization (400 naming the face otherwise). */
async function resolveFaces(
  ctx: ServiceContext,
  organizationId: string,
  /** `at`: the face's index in the request's `fontFaces` (for the error), when not its index here. */
  faces: { weight: number; storageKey: string; at?: number }[],
) {
  const uploads = await uploadedFiles(
    ctx.db,
    organizationId,
    faces.map((face) => face.storageKey),
  );
  return Promise.all(
    faces.map(async (face, i) => {
      const index = face.at ?? i;
      const upload = uploads.get(face.storageKey);
      if (!upload?.hash || upload.kind !== "customization_font") {
        throw badRequest(
          `body.fontFaces.${index}.storageKey: not a font uploaded to this organization (generateStorageUploadURL, kind customization_font)`,
        );
      }
      const object = await ctx.env.STORAGE.get(storedFileKey(organizationId, "customization_font", upload.hash), {
        range: { offset: 0, length: 16 },
      });
      const format = object && fontFormat(new Uint8Array(await object.arrayBuffer()));
      if (!format) throw badRequest(`body.fontFaces.${index}.storageKey: the file is gone or is no font`);
      return { weight: face.weight, hash: upload.hash, format: format.format };
    }),
  );
}

function checkWeights(faces: { weight: number }[]) {
  if (!faces.some((face) => face.weight === REGULAR)) {
    throw badRequest("body.fontFaces: a font needs a face of weight 400 (regular)");
  }
}

export interface FontFaceInput {
  weight: number;
  storageKey: string;
}

/**
 * createCustomFont: admins; a face of weight 400 is required (400 naming `body.fontFaces`), at most MAX_FONTS_PER_ORGANIZATION fonts
 * (412: the body is valid, the organization is full; the reference declares 412 for this operation).
 */
export async function createCustomFont(
  ctx: ServiceContext,
  organizationId: string,
  input: { fontFamily: string; fontFaces: FontFaceInput[] },
) {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.admin", "Organization");
  checkWeights(input.fontFaces);
  const faces = await resolveFaces(ctx, organizationId, input.fontFaces);
  const id = newId();
  // The bound is checked in the insert itself, so two creations racing cannot both pass it.
  const [inserted] = await batch(ctx.db, [
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO custom_fonts (id, organization_id, font_family, created_at, updated_at)
        SELECT ${id}, ${organizationId}, ${input.fontFamily}, ${ctx.now}, ${ctx.now}
        WHERE (SELECT count(*) FROM custom_fonts WHERE organization_id = ${organizationId}) < ${MAX_FONTS_PER_ORGANIZATION}`),
    ),
    faces.map((face) =>
      inBatch(
        ctx.db,
        ctx.db.run(sql`INSERT INTO custom_font_faces (font_id, organization_id, weight, hash, format)
          SELECT ${id}, ${organizationId}, ${face.weight}, ${face.hash}, ${face.format}
          WHERE EXISTS (SELECT 1 FROM custom_fonts WHERE id = ${id})`),
      ),
    ),
  ]);
  if (!inserted.meta.changes) {
    // The body is valid; the organization's state refuses it: the reference's 412 for this operation.
    throw preconditionFailed(`An organization has at most ${MAX_FONTS_PER_ORGANIZATION} custom fonts`);
  }
  return getCustomFont(ctx, organizationId, id);
}

/**
 * updateCustomFont: a new family name and/or faces by weight (a storage key sets that weight's file, null
 * removes the weight); the font must keep a face of weight 400 (400 otherwise). Files no longer used are deleted.
 */
export async function updateCustomFont(
  ctx: ServiceContext,
  organizationId: string,
  fontId: string,
  input: { fontFamily?: string; fontFaces?: { weight: number; storageKey: string | null }[] },
) {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.admin", "Organization");
  const current = await getCustomFont(ctx, organizationId, fontId);
  const byWeight = new Map<number, { weight: number; hash: string; format: FontFileFormat }>(
    current.faces.map((face) => [face.weight, face]),
  );
  const set = (input.fontFaces ?? []).flatMap((face, at) =>
    face.storageKey === null ? [] : [{ weight: face.weight, storageKey: face.storageKey, at }],
  );
  const resolved = await resolveFaces(ctx, organizationId, set);
  for (const face of input.fontFaces ?? []) if (face.storageKey === null) byWeight.delete(face.weight);
  for (const face of resolved) byWeight.set(face.weight, face);
  const faces = [...byWeight.values()];
  checkWeights(faces);
  await batch(ctx.db, [
    ctx.db
      .update(customFonts)
      .set({ fontFamily: input.fontFamily ?? current.fontFamily, updatedAt: ctx.now })
      .where(eq(customFonts.id, fontId)),
    ctx.db.delete(customFontFaces).where(eq(customFontFaces.fontId, fontId)),
    faces.map(({ weight, hash, format }) =>
      ctx.db.insert(customFontFaces).values({ fontId, organizationId, weight, hash, format }),
    ),
  ]);
  await dropUnusedFiles(
    ctx,
    organizationId,
    current.faces.map((face) => face.hash),
  );
  return getCustomFont(ctx, organizationId, fontId);
}

/** deleteCustomFont: true when a font was deleted (205), false when there was none (204). */
export async function deleteCustomFont(ctx: ServiceContext, organizationId: string, fontId: string) {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.admin", "Organization");
  const [faces, deleted] = await batch(ctx.db, [
    ctx.db.select().from(customFontFaces).where(eq(customFontFaces.fontId, fontId)),
    ctx.db
      .delete(customFonts)
      .where(and(eq(customFonts.id, fontId), eq(customFonts.organizationId, organizationId)))
      .returning({ id: customFonts.id }),
    ctx.db
      .delete(customFontFaces)
      .where(and(eq(customFontFaces.fontId, fontId), eq(customFontFaces.organizationId, organizationId))),
  ]);
  if (!deleted.length) return false;
  await dropUnusedFiles(
    ctx,
    organizationId,
    faces.map((face) => face.hash),
  );
  return true;
}

/**
 * Deletes the R2 files of `hashes` that no font of the organization uses any more, with the uploads that
 * carried them (their storage keys would otherwise name missing bytes).
 */
async function dropUnusedFiles(ctx: ServiceContext, organizationId: string, hashes: string[]) {
  const candidates = [...new Set(hashes)];
  if (!candidates.length) return;
  const used = await ctx.db
    .select({ hash: customFontFaces.hash })
    .from(customFontFaces)
    .where(and(eq(customFontFaces.organizationId, organizationId), inArray(customFontFaces.hash, candidates)));
  const unused = candidates.filter((hash) => !used.some((row) => row.hash === hash));
  if (!unused.length) return;
  await ctx.env.STORAGE.delete(unused.map((hash) => storedFileKey(organizationId, "customization_font", hash)));
  await ctx.db
    .delete(storageUploads)
    .where(
      and(
        eq(storageUploads.organizationId, organizationId),
        eq(storageUploads.kind, "customization_font"),
        inArray(storageUploads.hash, unused),
      ),
    );
}
