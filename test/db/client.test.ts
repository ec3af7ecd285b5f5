// createDb builds drizzle's D1 database by hand on one shared dialect (src/db/client.ts). This pins what that
// relies on: the instance behaves as `drizzle(d1, { casing: "snake_case" })` does, across instances.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { batch } from "../../src/db/batch";
import { createDb, createRequestDb } from "../../src/db/client";
import { apiTokens, users } from "../../src/db/schema";
import { seedUser } from "../helpers/seed";

describe("createDb", () => {
  it("writes the same SQL as drizzle() with snake_case casing, and shares one dialect", () => {
    const ours = createDb(env.DB);
    const theirs = drizzle(env.DB, { casing: "snake_case" });
    const query = (db: typeof ours) =>
      db.select({ id: apiTokens.id, last: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.userId, "u"));
    expect(query(ours).toSQL()).toEqual(query(theirs as typeof ours).toSQL());
    expect(query(ours).toSQL().sql).toContain('"last_used_at"');
    expect((createDb(env.DB) as unknown as { dialect: object }).dialect).toBe(
      (ours as unknown as { dialect: object }).dialect,
    );
  });

  it("reads, writes, batches and runs raw SQL on the binding and on a session", async () => {
    const { user } = await seedUser();
    for (const db of [createDb(env.DB), createDb(env.DB.withSession("first-primary"))]) {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row.id).toBe(user.id);
      const [rows, raw] = await batch(db, [
        db.select({ email: users.email }).from(users).where(eq(users.id, user.id)),
        db.all<{ n: number }>(sql`SELECT 1 AS n`),
      ]);
      expect(rows[0].email).toBe(user.email);
      expect(raw).toEqual([{ n: 1 }]);
      expect(db.$client).toBeDefined();
    }
  });
});

describe("createRequestDb", () => {
  it("makes one database per binding in the isolate, and one per request's session", () => {
    const plain = { writes: false, replication: false };
    expect(createRequestDb(env.DB, plain).db).toBe(createRequestDb(env.DB, plain).db);
    const sessions = { writes: false, replication: true };
    expect(createRequestDb(env.DB, sessions).db).not.toBe(createRequestDb(env.DB, sessions).db);
  });
});
