import { eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteEventRollups } from "../../src/db/schema";
import { recordServedEvent } from "../../src/services/insights";
import { seedSite } from "../helpers/agent-site";
import { db } from "../helpers/seed";

// Served events (markdown, llms files, MCP) are written in batches: a busy site's agent reads cost one D1 write
// per isolate every INSIGHTS_FLUSH_MS, not one each. (The other tests run with INSIGHTS_FLUSH_MS "0".)

const recorded = async (siteId: string) =>
  Number(
    (
      await db
        .select({ events: sum(siteEventRollups.events) })
        .from(siteEventRollups)
        .where(eq(siteEventRollups.siteId, siteId))
    )[0]?.events ?? 0,
  );

describe("served events", () => {
  it("wait INSIGHTS_FLUSH_MS and are written together by the request that queued the first", async () => {
    const { site } = await seedSite();
    const env = { INSIGHTS_FLUSH_MS: "150" };
    const served = (path: string) =>
      recordServedEvent(env, db, site.id, { kind: "markdown", path, agent: true, userAgent: "ClaudeBot/1.0" });
    const first = served("/a.md");
    // Queued behind the first: they settle at once, and nothing is written yet.
    await Promise.all([served("/b.md"), served("/c.md")]);
    expect(await recorded(site.id)).toBe(0);
    await first;
    expect(await recorded(site.id)).toBe(3);
    // The next one opens a new batch.
    await served("/d.md");
    expect(await recorded(site.id)).toBe(4);
  });

  it("are written at once with INSIGHTS_FLUSH_MS 0", async () => {
    const { site } = await seedSite();
    await recordServedEvent({ INSIGHTS_FLUSH_MS: "0" }, db, site.id, { kind: "llms", path: "/llms.txt", agent: true });
    expect(await recorded(site.id)).toBe(1);
  });
});
