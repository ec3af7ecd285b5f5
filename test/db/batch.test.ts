import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { batch } from "../../src/db/batch";
import { createDb, inBatch } from "../../src/db/client";
import { teams } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { countingD1 } from "../helpers/counting-d1";

/**
 * What `batch()` (and every atomic write in src/) relies on in drizzle's D1 driver: one round trip, results in
 * statement order, each statement's result in the shape its own `await` would give, raw statements usable
 * once `inBatch` gave them a prepared statement, and all-or-nothing.
 */
function counted() {
  const { database, counter } = countingD1(env.DB);
  return { db: createDb(database), counter };
}

function team(organizationId: string, title: string) {
  return { id: newId(), organizationId, title, createdAt: 1, updatedAt: 1 };
}

describe("drizzle's D1 batch, as batch() uses it", () => {
  it("runs every statement in one round trip and returns their results in order, shaped per statement", async () => {
    const { db, counter } = counted();
    const org = newId();
    const a = team(org, "A");
    const b = team(org, "B");
    const [inserted, returned, updated, selected, picked, counted_, deleted] = await batch(db, [
      db.insert(teams).values(a),
      db.insert(teams).values(b).returning({ id: teams.id, title: teams.title }),
      db.update(teams).set({ title: "A2" }).where(eq(teams.id, a.id)).returning(),
      db.select().from(teams).where(eq(teams.organizationId, org)).orderBy(teams.title),
      db.select({ title: teams.title }).from(teams).where(eq(teams.id, b.id)).limit(1),
      db.select({ count: sql<number>`count(*)` }).from(teams).where(eq(teams.organizationId, org)),
      db.delete(teams).where(eq(teams.id, b.id)),
    ]);
    expect(counter.roundTrips).toBe(1);
    // No `.returning()`: D1's run result (success and meta), no rows.
    expect(inserted).toMatchObject({ success: true, meta: { changes: 1 } });
    expect(returned).toEqual([{ id: b.id, title: "B" }]);
    // `.returning()` with no columns: whole rows, camelCase keys (the client's snake_case casing).
    expect(updated).toEqual([{ ...a, title: "A2" }]);
    // Later statements see earlier ones' writes.
    expect(selected).toEqual([{ ...a, title: "A2" }, b]);
    expect(picked).toEqual([{ title: "B" }]);
    expect(counted_).toEqual([{ count: 2 }]);
    expect(deleted).toMatchObject({ success: true, meta: { changes: 1 } });
    expectTypeOf(returned).toEqualTypeOf<{ id: string; title: string }[]>();
    expectTypeOf(picked).toEqualTypeOf<{ title: string }[]>();
    expectTypeOf(counted_).toEqualTypeOf<{ count: number }[]>();
  });

  it("runs raw statements given a prepared statement by inBatch: db.all gives raw rows, db.run a run result", async () => {
    const { db, counter } = counted();
    const org = newId();
    const a = team(org, "Raw");
    const [ran, rows] = await batch(db, [
      inBatch(
        db,
        db.run(sql`INSERT INTO teams (id, organization_id, title, created_at, updated_at)
          VALUES (${a.id}, ${org}, ${a.title}, 1, 1)`),
      ),
      inBatch(
        db,
        db.all<{ id: string; organization_id: string }>(
          sql`SELECT id, organization_id FROM teams WHERE organization_id = ${org}`,
        ),
      ),
    ]);
    expect(counter.roundTrips).toBe(1);
    expect(ran).toMatchObject({ success: true, meta: { changes: 1 } });
    // Raw rows keep the column names of the SQL (no casing applied).
    expect(rows).toEqual([{ id: a.id, organization_id: org }]);
    expectTypeOf(rows).toEqualTypeOf<{ id: string; organization_id: string }[]>();
  });

  it("fails a raw statement with parameters that inBatch did not prepare (why inBatch exists)", async () => {
    const db = createDb(env.DB);
    await expect(db.batch([db.all(sql`SELECT ${1} AS one`)])).rejects.toThrow(TypeError);
    // Without parameters drizzle prepares it itself.
    expect(await db.batch([db.all(sql`SELECT 1 AS one`)])).toEqual([[{ one: 1 }]]);
  });

  it("is all or nothing: a failing statement undoes the earlier ones of its batch", async () => {
    const db = createDb(env.DB);
    const org = newId();
    const a = team(org, "Once");
    await expect(
      batch(db, [db.insert(teams).values(team(org, "Never")), db.insert(teams).values([a, a])]),
    ).rejects.toThrow();
    expect(await db.select().from(teams).where(eq(teams.organizationId, org))).toEqual([]);
  });

  it("keeps the shape it was given: arrays built at run time, left-out statements, nothing at all", async () => {
    const { db, counter } = counted();
    const org = newId();
    const made = ["x", "y", "z"].map((title) => team(org, title));
    await batch(
      db,
      made.map((t) => db.insert(teams).values(t)),
    );
    expect(counter.roundTrips).toBe(1);
    const byId = (id: string) => db.select({ title: teams.title }).from(teams).where(eq(teams.id, id));
    const [first, perTeam, none, maybe, empty] = await batch(db, [
      byId(made[0].id),
      made.map((t) => [byId(t.id), db.select({ id: teams.id }).from(teams).where(eq(teams.id, t.id))] as const),
      undefined,
      made.length > 5 ? byId(made[1].id) : undefined,
      [],
    ]);
    expect(counter.roundTrips).toBe(2);
    expect(first).toEqual([{ title: "x" }]);
    expect(perTeam).toEqual(made.map((t) => [[{ title: t.title }], [{ id: t.id }]]));
    expect(none).toBeUndefined();
    expect(maybe).toBeUndefined();
    expect(empty).toEqual([]);
    expectTypeOf(perTeam).toEqualTypeOf<[{ title: string }[], { id: string }[]][]>();
    expectTypeOf(maybe).toEqualTypeOf<{ title: string }[] | undefined>();
    // Nothing to run: no round trip (D1 refuses an empty batch, below).
    expect(await batch(db, [[], undefined])).toEqual([[], undefined]);
    expect(counter.roundTrips).toBe(2);
    await expect(db.batch([] as never)).rejects.toThrow(/No SQL statements/);
  });
});
