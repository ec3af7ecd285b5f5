import { type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { siteForMembers } from "./site-gate";

/** Dimensions the daily rollups keep: the reference's column name → the rollup's SQL column. */
const DIMENSIONS: Record<string, string> = {
  url: "url",
  urlPath: "url_path",
  eventType: "event_type",
  siteSection: "site_section",
  siteSpace: "site_space",
  siteShareKey: "site_share_key",
  displayContext: "display_context",
  visitorDevice: "visitor_device",
  visitorBrowser: "visitor_browser",
  visitorOS: "visitor_os",
  visitorBot: "bot",
  visitorLanguage: "visitor_language",
  visitorAuthenticated: "visitor_authenticated",
  referrer: "referrer",
  referrerDomain: "referrer_domain",
  eventSearchQuery: "search_query",
  eventPageFeedbackRating: "page_feedback_rating",
  eventPageFeedbackComment: "page_feedback_comment",
  eventAskResponseRating: "ask_rating",
  eventLinkPosition: "link_position",
  eventLinkTargetKind: "link_target_kind",
  eventLinkTargetDomain: "link_target_domain",
  eventLLMSVariant: "llms_variant",
  eventMarkdownSource: "markdown_source",
  dayOfWeek: "((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) + 1",
};

/** Sums over the grouped rollup rows (several SQL values for the rating breakdowns). */
const METRICS: Record<string, string[]> = {
  eventsCount: ["sum(events)"],
  sessionsCount: ["sum(sessions)"],
  visitorsCount: ["sum(visitors)"],
  pageFeedbackRating: ["ok", "good", "bad"].map(
    (r) => `sum(CASE WHEN page_feedback_rating = '${r}' THEN events ELSE 0 END)`,
  ),
  askResponseRating: [
    "sum(CASE WHEN ask_rating = 1 THEN events ELSE 0 END)",
    "sum(CASE WHEN ask_rating = -1 THEN events ELSE 0 END)",
  ],
};

const INTERVALS: Record<string, string> = {
  day: "day",
  week: "date(day, '-6 days', 'weekday 1')",
  month: "substr(day, 1, 7) || '-01'",
};

const PRESET_DAYS: Record<string, number> = {
  lastYear: 365,
  last3Months: 91,
  last30Days: 30,
  last7Days: 7,
  last24Hours: 1,
};

export interface AggregationColumn {
  column: string;
  interval?: string;
}
export interface AggregationFilter {
  column: string;
  values: unknown[];
  operator?: "in" | "notIn" | "greaterThan" | "greaterThanOrEqual" | "lessThan" | "lessThanOrEqual";
}
export interface AggregationQuery {
  select?: AggregationColumn[];
  where?: AggregationFilter[];
  groupBy?: AggregationColumn[];
  order?: { by: AggregationColumn; direction: "asc" | "desc" };
  range: string | { from: string; to: string };
  limit?: number;
}

const NOT_KEPT = (field: string, column: string) =>
  badRequest(
    `${field}: \`${column}\` is not kept by Quire's insights (daily rollups without hours, geography, claims per event, API operations or ads)`,
  );

/** A dimension's SQL expression (`page` is two: its page and space), or a 400 naming the field. */
function dimension(col: AggregationColumn, field: string): string[] {
  if (col.column === "datetime") {
    const expr = INTERVALS[col.interval ?? "day"];
    if (!expr) throw NOT_KEPT(`${field}.interval`, `${col.interval}`);
    return [expr];
  }
  if (col.column === "page") return ["page", "space"];
  const expr = DIMENSIONS[col.column];
  if (!expr) throw NOT_KEPT(`${field}.column`, col.column);
  return [expr];
}

const isMetric = (col: AggregationColumn) => col.column in METRICS;

function dayRange(range: AggregationQuery["range"], now: number): [string, string] {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (typeof range === "string") return [day(now - (PRESET_DAYS[range]! - 1) * 86_400_000), day(now)];
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  if (from > to) throw badRequest("body.range: `from` is after `to`");
  return [day(from), day(to)];
}

const OPERATORS = { greaterThan: ">", greaterThanOrEqual: ">=", lessThan: "<", lessThanOrEqual: "<=" } as const;

/** One filter as SQL over the rollup rows (dimensions) or their sums (metrics: HAVING). */
function filterSql(filter: AggregationFilter, field: string): { having: boolean; clause: SQL } {
  const operator = filter.operator ?? "in";
  const metric = isMetric(filter);
  if (metric && (filter.column === "pageFeedbackRating" || filter.column === "askResponseRating"))
    throw badRequest(`${field}.column: \`${filter.column}\` cannot be filtered on`);
  const [expr, spaceExpr] = metric ? METRICS[filter.column]! : dimension({ column: filter.column }, field);
  const values = filter.column === "datetime" ? filter.values.map((v) => String(v).slice(0, 10)) : filter.values;
  if (operator !== "in" && operator !== "notIn") {
    const value = values[0];
    if (values.length !== 1 || (typeof value !== "number" && typeof value !== "string"))
      throw badRequest(`${field}.values: \`${operator}\` compares with exactly one number or string`);
    return { having: metric, clause: sql`${sql.raw(expr!)} ${sql.raw(OPERATORS[operator])} ${value}` };
  }
  const alternatives: SQL[] = values.map((value) => {
    if (value === null) return sql`${sql.raw(expr!)} IS NULL`;
    if (filter.column === "page" && typeof value === "object") {
      const ref = value as { page?: string | null; space?: string };
      return ref.page == null
        ? sql`(page IS NULL AND space = ${String(ref.space)})`
        : sql`(page = ${ref.page} AND ${sql.raw(spaceExpr!)} = ${String(ref.space)})`;
    }
    if (typeof value === "boolean") return sql`${sql.raw(expr!)} = ${value ? 1 : 0}`;
    if (typeof value !== "string" && typeof value !== "number")
      throw badRequest(`${field}.values: must be strings, numbers, booleans or null`);
    return sql`${sql.raw(expr!)} = ${value}`;
  });
  const any = alternatives.length ? sql`(${sql.join(alternatives, sql` OR `)})` : sql`0`;
  return { having: metric, clause: operator === "in" ? any : sql`NOT ${any}` };
}

/** The value a grouped row gives a selected column, in the reference's form. */
function valueOf(col: AggregationColumn, cells: unknown[]): unknown {
  const [first, second] = cells;
  switch (col.column) {
    case "datetime":
      return `${first}T00:00:00.000Z`;
    case "page":
      return first === null && second === null ? null : { page: first, space: second };
    case "visitorAuthenticated":
      return first === null ? null : Boolean(first);
    case "pageFeedbackRating":
      return { ok: Number(cells[0]), good: Number(cells[1]), bad: Number(cells[2]) };
    case "askResponseRating":
      return { positive: Number(cells[0]), negative: Number(cells[1]) };
    default:
      return typeof first === "bigint" ? Number(first) : first;
  }
}

/**
 * aggregateSiteEvents (members who see the site): the reference's aggregation (select, where, groupBy, order,
 * range, limit) answered from the daily rollups in one D1 statement, columnar as the reference answers it.
 */
export async function aggregateSiteEvents(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  query: AggregationQuery,
) {
  const siteRow = siteForMembers(ctx, organizationId, siteId);
  const groupBy = query.groupBy ?? [];
  const select = query.select?.length ? query.select : [...groupBy, { column: "eventsCount" }];
  // A dimension selected but not grouped by groups too: every selected value is one row's.
  const grouped = [...groupBy, ...select.filter((c) => !isMetric(c) && !groupBy.some((g) => same(g, c)))];
  const groupExprs = grouped.flatMap((c, i) => dimension(c, `body.groupBy[${i}]`));
  const cells = select.map((c, i) => (isMetric(c) ? METRICS[c.column]! : dimension(c, `body.select[${i}]`)));
  const [from, to] = dayRange(query.range, ctx.now);
  const filters = (query.where ?? []).map((f, i) => filterSql(f, `body.where[${i}]`));
  const where = [
    sql`site_id = ${siteId}`,
    sql`day >= ${from}`,
    sql`day <= ${to}`,
    ...filters.filter((f) => !f.having).map((f) => f.clause),
  ];
  const having = filters.filter((f) => f.having).map((f) => f.clause);
  const order = query.order
    ? (isMetric(query.order.by) ? METRICS[query.order.by.column]! : dimension(query.order.by, "body.order.by"))
        .slice(0, 1)
        .map((e) => `${e} ${query.order!.direction === "asc" ? "ASC" : "DESC"}`)
    : grouped.some((c) => c.column === "datetime")
      ? [`${dimension(grouped.find((c) => c.column === "datetime")!, "body.groupBy")[0]} ASC`]
      : ["sum(events) DESC"];
  const flat = cells.flat();
  const statement = sql`SELECT ${sql.raw(flat.map((e, i) => `${e} AS c${i}`).join(", "))}
    FROM site_event_rollups WHERE ${sql.join(where, sql` AND `)}
    ${groupExprs.length ? sql.raw(`GROUP BY ${groupExprs.join(", ")}`) : sql``}
    ${having.length ? sql`HAVING ${sql.join(having, sql` AND `)}` : sql``}
    ORDER BY ${sql.raw(order.join(", "))} LIMIT ${query.limit ?? 1000}`;
  const [[site], rows] = await batch(ctx.db, [
    siteRow,
    inBatch(ctx.db, ctx.db.all<Record<string, unknown>>(statement)),
  ]);
  if (!site) throw notFound("Site");
  let offset = 0;
  const slices = cells.map((c) => {
    const start = offset;
    offset += c.length;
    return [start, offset] as const;
  });
  return {
    columns: select.map((col, i) => ({
      column: col.column,
      values: rows.map((row) => {
        const [start, end] = slices[i]!;
        const values = Array.from(
          { length: end - start },
          (_, k) => row[`c${start + k}`] ?? (isMetric(col) ? 0 : null),
        );
        return valueOf(col, values);
      }),
    })),
  };
}

function same(a: AggregationColumn, b: AggregationColumn) {
  return a.column === b.column && (a.interval ?? "day") === (b.interval ?? "day");
}
