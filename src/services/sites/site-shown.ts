import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { siteSections, siteSpaces, type sites } from "../../db/schema";
import { adaptiveVisibilityOf, type Access, can } from "../access";
import type { Caller } from "../core";

// What a caller sees of a site's structure: visitors, not what its adaptive content hides from them; everyone
// but site managers, no `condition` text.

/**
 * The rows a visitor's view is judged by, for the batch that loads the site: its sections with a condition, and
 * its site spaces with one or in such a section.
 */
export function conditionReads(db: Db, siteId: string) {
  return [
    db
      .select({ id: siteSections.id, condition: siteSections.condition })
      .from(siteSections)
      .where(and(eq(siteSections.siteId, siteId), isNotNull(siteSections.condition))),
    db
      .select({ id: siteSpaces.id, sectionId: siteSpaces.sectionId, condition: siteSpaces.condition })
      .from(siteSpaces)
      .where(
        and(
          eq(siteSpaces.siteId, siteId),
          sql`(${siteSpaces.condition} IS NOT NULL OR ${siteSpaces.sectionId} IN
            (SELECT id FROM site_sections WHERE site_id = ${siteId} AND condition IS NOT NULL))`,
        ),
      ),
  ] as const;
}

type ConditionRows = [
  { id: string; condition: string | null }[]?,
  { id: string; sectionId: string | null; condition: string | null }[]?,
];

/**
 * The ids of the sections and site spaces the site's adaptive content hides from a visitor: judged by their
 * pass's claims for this site, else none (conditions then read every claim as undefined).
 */
export function hiddenFrom(caller: Caller, row: typeof sites.$inferSelect, rows: unknown[]): ReadonlySet<string> {
  const [sections, variants] = rows as ConditionRows;
  const claims = caller.visitor?.sites.has(row.id) ? caller.visitor.claims : undefined;
  return new Set(adaptiveVisibilityOf(row, sections ?? [], variants ?? [], claims).hidden);
}

/**
 * What the caller sees of a site's structure items: `shows` (false for what adaptive content hides from a
 * visitor), and `row` (a section's or site space's row, its `condition` text kept for site managers only).
 */
export function shownTo(site: { access: Access; hidden?: ReadonlySet<string> }) {
  const manager = can(site.access, "site.manage");
  return {
    shows: (item: { id: string }) => !site.hidden?.has(item.id),
    row: <T extends { condition: string | null }>(row: T): T =>
      manager || row.condition === null ? row : { ...row, condition: null },
  };
}
