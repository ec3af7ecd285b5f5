import { sql } from "drizzle-orm";
import type { JobContext } from "../core";

const DEFAULT_RETENTION_DAYS = 90;
const PURGE_BATCH = 5000;
const PURGE_BATCHES_PER_RUN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** INSIGHTS_RETENTION_DAYS: a whole number of days ≥ 1; anything else is the default (a typo must not purge all). */
export function insightsRetentionDays(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/** Deletes up to PURGE_BATCH × PURGE_BATCHES_PER_RUN rows of one table matching `where` (the next run goes on). */
async function purge(ctx: JobContext, table: string, where: ReturnType<typeof sql>): Promise<number> {
  let purged = 0;
  for (let i = 0; i < PURGE_BATCHES_PER_RUN; i++) {
    const result = await ctx.db.run(
      sql`DELETE FROM ${sql.raw(table)} WHERE rowid IN (SELECT rowid FROM ${sql.raw(table)} WHERE ${where} LIMIT ${PURGE_BATCH})`,
    );
    const deleted = result.meta.changes ?? 0;
    purged += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return purged;
}

/**
 * Daily: rollup days, segments last seen and agent feedback older than INSIGHTS_RETENTION_DAYS, and the distinct
 * sessions and visitors of days already closed (an event is at most 5 minutes old: only today and yesterday can
 * still grow). A segment's own distinct visitors go with it.
 */
export async function pruneInsights(ctx: JobContext): Promise<number> {
  const days = insightsRetentionDays(ctx.env.INSIGHTS_RETENTION_DAYS);
  const cutoffDay = new Date(ctx.now - days * DAY_MS).toISOString().slice(0, 10);
  const openFrom = new Date(ctx.now - DAY_MS).toISOString().slice(0, 10);
  let purged = await purge(ctx, "site_event_rollups", sql`day < ${cutoffDay}`);
  purged += await purge(ctx, "site_agent_feedback", sql`created_at < ${ctx.now - days * DAY_MS}`);
  // site_event_uniques is WITHOUT ROWID: deleted by its key range instead.
  purged +=
    (await ctx.db.run(sql`DELETE FROM site_event_uniques WHERE day <> '*' AND day < ${openFrom}`)).meta.changes ?? 0;
  purged +=
    (
      await ctx.db.run(sql`DELETE FROM site_event_uniques WHERE day = '*' AND NOT EXISTS (SELECT 1 FROM site_visitor_segments s
      WHERE s.site_id = site_event_uniques.site_id AND 'seg:' || s.claims_key = site_event_uniques.key
        AND s.last_seen_day >= ${cutoffDay})`)
    ).meta.changes ?? 0;
  purged += await purge(ctx, "site_visitor_segments", sql`last_seen_day < ${cutoffDay}`);
  return purged;
}
