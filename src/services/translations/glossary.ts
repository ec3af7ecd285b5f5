import { and, eq, inArray, sql } from "drizzle-orm";
import type { GlossaryTerm } from "../../content/translation";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { glossaryEntries } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import type { TranslationLanguage } from "./translator";
import { translationAccess } from "./translations";

export type GlossaryEntryRow = typeof glossaryEntries.$inferSelect;
/** Terms by language code (`{en: "space", fr: "espace"}`). */
export type GlossaryTranslations = Partial<Record<TranslationLanguage, string>>;

export type GlossaryOperation =
  | { type: "insert"; translations: GlossaryTranslations }
  | { type: "update"; id: string; translations: GlossaryTranslations }
  | { type: "delete"; id: string };

/** Entries one organization may keep: every run reads them all. */
export const MAX_GLOSSARY_ENTRIES = 5000;

export async function listGlossaryEntries(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  translationAccess(ctx, organizationId, "translation.view", "Glossary");
  const mine = eq(glossaryEntries.organizationId, organizationId);
  return keysetPage<GlossaryEntryRow>(ctx.db, {
    page,
    keys: [
      { column: glossaryEntries.createdAt, direction: "asc", value: (r) => r.createdAt },
      { column: glossaryEntries.id, direction: "asc", value: (r) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(glossaryEntries)
        .where(and(mine, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(glossaryEntries).where(mine),
  });
}

export async function getGlossaryEntry(ctx: ServiceContext, organizationId: string, id: string) {
  translationAccess(ctx, organizationId, "translation.view", "Glossary");
  const [row] = await ctx.db
    .select()
    .from(glossaryEntries)
    .where(and(eq(glossaryEntries.id, id), eq(glossaryEntries.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound("Glossary entry");
  return row;
}

/**
 * Applies a batch of inserts, updates and deletes, all or nothing. An update naming no entry of the
 * organization is the caller's error (400); deleting one that does not exist is a no-op, as deletes are.
 */
export async function updateGlossaryEntries(
  ctx: ServiceContext,
  organizationId: string,
  operations: GlossaryOperation[],
): Promise<void> {
  translationAccess(ctx, organizationId, "translation.manage", "Glossary");
  const named = [...new Set(operations.flatMap((op) => (op.type === "insert" ? [] : [op.id])))];
  const [existing, [counted]] = await batch(ctx.db, [
    ctx.db
      .select({ id: glossaryEntries.id })
      .from(glossaryEntries)
      .where(and(eq(glossaryEntries.organizationId, organizationId), inArray(glossaryEntries.id, named))),
    ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(glossaryEntries)
      .where(eq(glossaryEntries.organizationId, organizationId)),
  ]);
  const live = new Set(existing.map((r) => r.id));
  const mine = (id: string) => and(eq(glossaryEntries.id, id), eq(glossaryEntries.organizationId, organizationId));
  let total = Number(counted?.count ?? 0);
  const statements = operations.map((op, i) => {
    if (op.type === "insert") {
      total++;
      return ctx.db.insert(glossaryEntries).values({
        id: newId(),
        organizationId,
        translations: op.translations,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
    if (op.type === "update") {
      if (!live.has(op.id)) throw badRequest(`body.operations.${i}.id: no glossary entry "${op.id}"`);
      return ctx.db
        .update(glossaryEntries)
        .set({ translations: op.translations, updatedAt: ctx.now })
        .where(mine(op.id));
    }
    if (live.delete(op.id)) total--;
    return ctx.db.delete(glossaryEntries).where(mine(op.id));
  });
  if (total > MAX_GLOSSARY_ENTRIES)
    throw badRequest(`body.operations: the glossary would hold ${total} entries; the limit is ${MAX_GLOSSARY_ENTRIES}`);
  await batch(ctx.db, statements);
}

/** The organization's glossary for one pair of languages: entries that name a term in both. */
export async function glossaryTerms(
  db: Db,
  organizationId: string,
  from: TranslationLanguage,
  to: TranslationLanguage,
): Promise<GlossaryTerm[]> {
  const rows = await db
    .select({ translations: glossaryEntries.translations })
    .from(glossaryEntries)
    .where(eq(glossaryEntries.organizationId, organizationId))
    .orderBy(glossaryEntries.createdAt, glossaryEntries.id);
  return rows.flatMap(({ translations }) => {
    const source = translations[from];
    const target = translations[to];
    return source && target ? [{ source, target }] : [];
  });
}
