import { sql } from "drizzle-orm";

/**
 * The access generation (migration 0040) as an SQL expression: a counter that moves with every change to
 * organization memberships, content grants, team memberships and collections.
 */
export const accessGenerationSql = sql<number>`(SELECT generation FROM access_generation WHERE id = 1)`;

/**
 * Values computed from tables a trigger-moved counter watches (the access generation; a space's detail version),
 * kept per isolate with the counter's value they were read at. A read that finds the counter elsewhere must not
 * use them: it reads them again. Bounded by count; least recently used entries leave first.
 */
export class AccessMemo<V> {
  private readonly entries = new Map<string, { value: V; generation: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The value kept for `key`, whatever its generation (the caller compares it with what D1 says). */
  get(key: string): { value: V; generation: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: V, generation: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, generation });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
