import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { batch } from "../../src/db/batch";
import { createDb, inBatch } from "../../src/db/client";
import { type Placeholders, reusableStatement } from "../../src/db/reusable";
import { organizationMembers, teams } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { countingD1 } from "../helpers/counting-d1";

/** reusableStatement builds a statement's SQL once and binds each call's values on each call's database. */
function counted() {
  const { database, counter } = countingD1(env.DB);
  return { db: createDb(database), counter };
}

async function seedTeams(...titles: string[]) {
  const organizationId = newId();
  const rows = titles.map((title) => ({ id: newId(), organizationId, title, createdAt: 1, updatedAt: 1 }));
  await createDb(env.DB).insert(teams).values(rows);
  return { organizationId, rows };
}

describe("reusableStatement", () => {
  it("builds the SQL once and binds every call's own values, in batch() and awaited alone", async () => {
    let builds = 0;
    const teamsOf = reusableStatement((db, p: Placeholders<{ organizationId: string; title: string }>) => {
      builds++;
      return db
        .select({ id: teams.id, title: teams.title })
        .from(teams)
        .where(and(eq(teams.organizationId, p.organizationId), eq(teams.title, p.title)));
    });
    const one = await seedTeams("Docs", "Ops");
    const two = await seedTeams("Docs");
    const { db, counter } = counted();
    const [docsOfOne, opsOfOne, docsOfTwo] = await batch(db, [
      teamsOf(db, { organizationId: one.organizationId, title: "Docs" }),
      teamsOf(db, { organizationId: one.organizationId, title: "Ops" }),
      teamsOf(db, { organizationId: two.organizationId, title: "Docs" }),
    ]);
    expect(docsOfOne).toEqual([{ id: one.rows[0].id, title: "Docs" }]);
    expect(opsOfOne).toEqual([{ id: one.rows[1].id, title: "Ops" }]);
    expect(docsOfTwo).toEqual([{ id: two.rows[0].id, title: "Docs" }]);
    expectTypeOf(docsOfOne).toEqualTypeOf<{ id: string; title: string }[]>();
    expect(counter.roundTrips).toBe(1);
    expect(new Set(counter.queries).size).toBe(1);

    const alone = await teamsOf(db, { organizationId: two.organizationId, title: "Docs" });
    expect(alone).toEqual(docsOfTwo);
    expect(counter.roundTrips).toBe(2);
    expect(builds).toBe(1);
  });

  it("runs on the database each call is given (a request's own D1 session), not the first one", async () => {
    const byId = reusableStatement((db, p: Placeholders<{ id: string }>) =>
      db.select({ title: teams.title }).from(teams).where(eq(teams.id, p.id)),
    );
    const { rows } = await seedTeams("First", "Second");
    const first = counted();
    const second = counted();
    expect(await batch(first.db, [byId(first.db, { id: rows[0].id })])).toEqual([[{ title: "First" }]]);
    expect(await batch(second.db, [byId(second.db, { id: rows[1].id })])).toEqual([[{ title: "Second" }]]);
    expect([first.counter.statements, second.counter.statements]).toEqual([1, 1]);
  });

  it("encodes a value the way its column does (a boolean column stores 0/1)", async () => {
    const membersBy = reusableStatement((db, p: Placeholders<{ organizationId: string; disabled: boolean }>) =>
      db
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(
          and(eq(organizationMembers.organizationId, p.organizationId), eq(organizationMembers.disabled, p.disabled)),
        ),
    );
    const organizationId = newId();
    const db = createDb(env.DB);
    const member = (userId: string, disabled: boolean) => ({
      organizationId,
      userId,
      role: "read" as const,
      disabled,
      joinedAt: 1,
    });
    await db.insert(organizationMembers).values([member("on", false), member("off", true)]);
    const [enabled, disabled] = await batch(db, [
      membersBy(db, { organizationId, disabled: false }),
      membersBy(db, { organizationId, disabled: true }),
    ]);
    expect(enabled).toEqual([{ userId: "on" }]);
    expect(disabled).toEqual([{ userId: "off" }]);
  });

  it("runs a raw statement with its values, in batch() and awaited alone", async () => {
    const titleOf = reusableStatement((db, p: Placeholders<{ id: string }>) =>
      inBatch(db, db.all<{ title: string }>(sql`SELECT title FROM teams WHERE id = ${p.id}`)),
    );
    const { rows } = await seedTeams("Raw one", "Raw two");
    const db = createDb(env.DB);
    const [one, two] = await batch(db, [titleOf(db, { id: rows[0].id }), titleOf(db, { id: rows[1].id })]);
    expect([one, two]).toEqual([[{ title: "Raw one" }], [{ title: "Raw two" }]]);
    expect(await titleOf(db, { id: rows[1].id })).toEqual([{ title: "Raw two" }]);
  });
});
