import { and, asc, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { batch } from "../db/batch";
import type { Db } from "../db/client";
import { badRequest } from "./errors";

/** `page` (opaque cursor) and `limit` (0..1000), as every list takes them (CONTRACT §5; wire: `PageQuery`). */
export interface PageRequest {
  page?: string;
  limit: number;
}

/** A list's envelope, as `listEnvelope` (wire/common.ts) puts it on the wire. */
export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

type CursorValue = string | number;

/** One column of a keyset order. The last key must be unique (an id) so that the order is total. */
export interface SortKey<Row> {
  column: SQLiteColumn;
  direction: "asc" | "desc";
  value: (row: Row) => CursorValue;
}

export function encodeCursor(values: CursorValue[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodeCursor(page: string, keys: number): CursorValue[] {
  try {
    const b64 = page.replace(/-/g, "+").replace(/_/g, "/");
    const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
    const values: unknown = JSON.parse(json);
    if (
      Array.isArray(values) &&
      (values.length === keys || values.length === 0) &&
      values.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)))
    ) {
      return values as CursorValue[];
    }
  } catch {
    // fall through: any undecodable cursor is the caller's error
  }
  throw badRequest("query.page: is not a valid page cursor");
}

/** Rows strictly after `values` in the order of `keys`: (a > x) OR (a = x AND b > y) … */
function after<Row>(keys: SortKey<Row>[], values: CursorValue[]): SQL | undefined {
  const clauses: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const step = key.direction === "asc" ? gt(key.column, values[i]) : lt(key.column, values[i]);
    const equalBefore = keys.slice(0, i).map((k, j) => eq(k.column, values[j]));
    clauses.push(and(...equalBefore, step)!);
  }
  return or(...clauses);
}

export interface KeysetQuery<Row> {
  page: PageRequest;
  keys: SortKey<Row>[];
  /** Builds the rows query: apply `where` (combined with the list's own filter), `orderBy` and `limit`. */
  rows: (where: SQL | undefined, orderBy: SQL[], limit: number) => RunnableQuery<Row[], "sqlite">;
  /** The total count of the list's filter, ignoring the cursor. */
  count: RunnableQuery<{ count: number }[], "sqlite">;
}

/**
 * The one keyset pagination helper: items and total count in a single D1 round trip, a cursor made of the
 * last item's sort values (stays valid while rows are inserted or deleted), `next` omitted on the last page.
 */
export async function keysetPage<Row>(db: Db, query: KeysetQuery<Row>): Promise<Page<Row>> {
  const { page, keys } = query;
  const cursor = page.page ? decodeCursor(page.page, keys.length) : [];
  const where = cursor.length ? after(keys, cursor) : undefined;
  const orderBy = keys.map((k) => (k.direction === "asc" ? asc(k.column) : desc(k.column)));
  const [rows, counted] = await batch(db, [query.rows(where, orderBy, page.limit + 1), query.count]);
  return pageOf(rows, Number(counted[0]?.count ?? 0), page, (last) => keys.map((k) => k.value(last)));
}

/**
 * The one list envelope: `items`, `count` (total matching) and `next.page` (the cursor after the last item)
 * omitted on the last page. `fetched` is the page read one item past its end when there is more (a limit of 0
 * reads one item, to tell whether anything follows, and passes the request's own cursor on).
 */
export function pageOf<T>(
  fetched: T[],
  count: number,
  request: PageRequest,
  cursorOf: (last: T) => CursorValue[],
): Page<T> {
  if (fetched.length <= request.limit) return { items: fetched, count };
  const items = fetched.slice(0, request.limit);
  const page =
    request.limit === 0 ? (request.page ?? encodeCursor([])) : encodeCursor(cursorOf(items[items.length - 1]));
  return { items, count, next: { page } };
}

/** Applies a presenter to a page's items, keeping the envelope. */
export function mapPage<A, B>(page: Page<A>, present: (row: A) => B): Page<B> {
  return { ...page, items: page.items.map(present) };
}

/**
 * The same cursor contract over an in-memory list already in a stable order with unique keys (e.g. a
 * revision's files): the cursor is the last item's key.
 */
export function pageArray<T>(all: T[], key: (item: T) => string, page: PageRequest): Page<T> {
  let start = 0;
  const [last] = page.page ? decodeCursor(page.page, 1) : [];
  if (last !== undefined) {
    const at = all.findIndex((item) => key(item) > String(last));
    start = at === -1 ? all.length : at;
  }
  return pageOf(all.slice(start, start + page.limit + 1), all.length, page, (item) => [key(item)]);
}
