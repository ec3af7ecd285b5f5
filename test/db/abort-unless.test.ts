import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { abortUnless, isAborted } from "../../src/db/abort-unless";
import { batch } from "../../src/db/batch";
import { createDb, inBatch } from "../../src/db/client";

const db = createDb(env.DB);

describe("abortUnless", () => {
  it("rolls back its whole batch when the condition fails inside it, and lets it land when it holds", async () => {
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS abort_probe (id TEXT PRIMARY KEY)").run();
    const probe = (id: string) => inBatch(db, db.run(sql`INSERT INTO abort_probe (id) VALUES (${id})`));
    const present = async (id: string) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM abort_probe WHERE id = ?").bind(id).first<{ n: number }>())!.n;
    // The condition is read after the batch's first write: it sees it (one transaction, in order).
    const error = await batch(db, [
      probe("a"),
      abortUnless(db, sql`NOT EXISTS (SELECT 1 FROM abort_probe WHERE id = 'a')`),
      probe("b"),
    ]).catch((e: unknown) => e);
    expect(isAborted(error)).toBe(true);
    expect([await present("a"), await present("b")]).toEqual([0, 0]);
    await batch(db, [probe("c"), abortUnless(db, sql`EXISTS (SELECT 1 FROM abort_probe WHERE id = 'c')`), probe("d")]);
    expect([await present("c"), await present("d")]).toEqual([1, 1]);
    // Another failure is not mistaken for it.
    const other = await batch(db, [probe("c")]).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Error);
    expect(isAborted(other)).toBe(false);
  });
});
