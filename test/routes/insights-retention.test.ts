import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { pruneInsights } from "../../src/services/insights";
import { currentClient } from "../helpers/current-client";
import { db, seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

async function publicSite() {
  const { organization, owner } = await seedOrganization("Retained");
  const current = currentClient(owner.token);
  const space = (await current.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const site = await publishedPublicSite(current as never, organization.id, space.id);
  return { organization, owner, site };
}

describe("site insights: retention", () => {
  it("prunes rollups, segments and feedback past INSIGHTS_RETENTION_DAYS (a bad value keeps 90), and closed days' uniques", async () => {
    const { site } = await publicSite();
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const insertRollup = (d: string, key: string) =>
      env.DB.prepare(
        `INSERT INTO site_event_rollups (site_id, day, key, event_type, display_context, url, url_path, visitor_device,
          visitor_browser, visitor_os, visitor_authenticated, referrer, referrer_domain, search_query, events, sessions, visitors)
         VALUES (?, ?, ?, 'page_view', 'site', '/', '/', 'desktop', 'chrome', 'macos', 0, '', '', '', 1, 1, 1)`,
      )
        .bind(site.id, d, key)
        .run();
    await insertRollup(day(0), "today");
    await insertRollup(day(45), "old");
    await insertRollup(day(120), "ancient");
    await env.DB.prepare(
      "INSERT INTO site_event_uniques (site_id, day, key, ident) VALUES (?, ?, 'k', 's:1'), (?, ?, 'k', 's:1')",
    )
      .bind(site.id, day(0), site.id, day(3))
      .run();
    await env.DB.prepare(
      "INSERT INTO site_agent_feedback (id, site_id, created_at, subject_kind, subject, summary) VALUES (?, ?, ?, 'generic', '{}', 'old')",
    )
      .bind(crypto.randomUUID(), site.id, Date.now() - 100 * 86_400_000)
      .run();
    const left = async (table: string) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE site_id = ?`)
        .bind(site.id)
        .first<{ n: number }>())!.n;

    await pruneInsights({ db, env: { ...env, INSIGHTS_RETENTION_DAYS: "soon" } as never, now: Date.now() } as never);
    expect(await left("site_event_rollups")).toBe(2); // 90 days: the ancient one goes
    expect(await left("site_event_uniques")).toBe(1); // only the open day's
    expect(await left("site_agent_feedback")).toBe(0);
    await pruneInsights({ db, env: { ...env, INSIGHTS_RETENTION_DAYS: "30" } as never, now: Date.now() } as never);
    expect(await left("site_event_rollups")).toBe(1);
  });

  it("runs in the daily cron", async () => {
    const { site } = await publicSite();
    const ancient = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare(
      `INSERT INTO site_event_rollups (site_id, day, key, event_type, display_context, url, url_path, visitor_device,
        visitor_browser, visitor_os, visitor_authenticated, referrer, referrer_domain, search_query, events, sessions, visitors)
       VALUES (?, ?, 'k', 'page_view', 'site', '/', '/', 'desktop', 'chrome', 'macos', 0, '', '', '', 1, 1, 1)`,
    )
      .bind(site.id, ancient)
      .run();
    const controller = createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" });
    const ctx = createExecutionContext();
    await (worker.scheduled as ExportedHandlerScheduledHandler<typeof env>)(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_event_rollups WHERE site_id = ?")
      .bind(site.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
