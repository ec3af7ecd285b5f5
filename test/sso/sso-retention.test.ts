import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";

// The daily cron prunes what sign-ins leave behind: expired requests and assertion IDs, sessions a day past their
// end, and refusals past AUDIT_RETENTION_DAYS; what is still live stays.

const DAY = 86_400_000;
const count = async (table: string, id: string, column = "id") =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} LIKE ?`)
    .bind(`${id}%`)
    .first<{ n: number }>())!.n;

describe("SSO housekeeping", () => {
  it("runs in the daily cron and keeps what is live", async () => {
    const now = Date.now();
    const tag = `ret-${now}`;
    const statements = [
      [
        "INSERT INTO saml_requests (id, provider_id, browser_hash, created_at, expires_at) VALUES (?, 'p', 'h', ?, ?)",
        `${tag}-old`,
        now - DAY,
        now - 1000,
      ],
      [
        "INSERT INTO saml_requests (id, provider_id, browser_hash, created_at, expires_at) VALUES (?, 'p', 'h', ?, ?)",
        `${tag}-live`,
        now,
        now + 600_000,
      ],
      [
        "INSERT INTO saml_assertions (provider_id, assertion_id, expires_at) VALUES ('p', ?, ?)",
        `${tag}-old`,
        now - 1000,
      ],
      [
        "INSERT INTO saml_assertions (provider_id, assertion_id, expires_at) VALUES ('p', ?, ?)",
        `${tag}-live`,
        now + 600_000,
      ],
      [
        "INSERT INTO sso_sessions (id, user_id, organization_id, provider_id, token_hash, created_at, expires_at) VALUES (?, 'u', 'o', 'p', ?, ?, ?)",
        `${tag}-old`,
        `${tag}-old`,
        now - 3 * DAY,
        now - 2 * DAY,
      ],
      [
        "INSERT INTO sso_sessions (id, user_id, organization_id, provider_id, token_hash, created_at, expires_at, revoked_at) VALUES (?, 'u', 'o', 'p', ?, ?, ?, ?)",
        `${tag}-revoked`,
        `${tag}-revoked`,
        now - 3 * DAY,
        now + DAY,
        now - 2 * DAY,
      ],
      [
        "INSERT INTO sso_sessions (id, user_id, organization_id, provider_id, token_hash, created_at, expires_at) VALUES (?, 'u', 'o', 'p', ?, ?, ?)",
        `${tag}-live`,
        `${tag}-live`,
        now,
        now + DAY,
      ],
      [
        "INSERT INTO sso_refusals (id, provider_id, reason, created_at) VALUES (?, 'p', 'old', ?)",
        `${tag}-old`,
        now - 400 * DAY,
      ],
      [
        "INSERT INTO sso_refusals (id, provider_id, reason, created_at) VALUES (?, 'p', 'recent', ?)",
        `${tag}-live`,
        now - DAY,
      ],
      [
        "INSERT INTO site_sign_ins (id, site_id, kind, browser_hash, redirect_uri, location, created_at, expires_at) VALUES (?, 's', 'oidc', 'h', 'u', '/', ?, ?)",
        `${tag}-old`,
        now - DAY,
        now - 1000,
      ],
      [
        "INSERT INTO site_sign_ins (id, site_id, kind, browser_hash, redirect_uri, location, created_at, expires_at) VALUES (?, 's', 'oidc', 'h', 'u', '/', ?, ?)",
        `${tag}-live`,
        now,
        now + 600_000,
      ],
    ] as const;
    for (const [query, ...values] of statements)
      await env.DB.prepare(query)
        .bind(...values)
        .run();

    const controller = createScheduledController({ scheduledTime: new Date(now), cron: "0 3 * * *" });
    const ctx = createExecutionContext();
    await (worker.scheduled as ExportedHandlerScheduledHandler<typeof env>)(controller, env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await count("saml_requests", tag)).toBe(1);
    expect(await count("saml_assertions", tag, "assertion_id")).toBe(1);
    expect(await count("sso_sessions", tag)).toBe(1);
    expect(await count("sso_refusals", tag)).toBe(1);
    expect(await count("site_sign_ins", tag)).toBe(1);
    expect(await count("site_sign_ins", `${tag}-live`)).toBe(1);
    expect(await count("sso_sessions", `${tag}-live`)).toBe(1);
    expect(await count("sso_refusals", `${tag}-live`)).toBe(1);
  });
});
