// Integration development mode: `PUT/DELETE /v1/integrations/{integrationName}/dev`, the rule that picks the
// tunnel for an event (`all`), and signed deliveries to a local receiver (test/fixture-server/global-setup.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../src/db/client";
import type { Env } from "../../src/env";
import {
  deliverToTunnel,
  devDeliveryTarget,
  integrationSigningSecret,
  TUNNEL_SIGNATURE_HEADER,
} from "../../src/services/integrations";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;
const db = createDb(env.DB);
const ctx = { db, env: env as unknown as Env };

async function world() {
  const { organization, owner } = await seedOrganization("Dev team");
  const gb = client(owner.token);
  const name = `dev-${crypto.randomUUID().slice(0, 8)}`;
  await gb.integrations.publishIntegration(name, {
    title: "Dev",
    description: "In development",
    scopes: [],
    script: "export default {};",
    organization: organization.id,
  } as never);
  return { organization, owner, gb, name };
}

const devColumns = async (name: string) =>
  env.DB.prepare(
    'SELECT dev_tunnel_url AS url, dev_all AS "all", dev_enabled_by AS by, dev_enabled_at AS at, organization_id AS org FROM integrations WHERE name = ?',
  )
    .bind(name)
    .first<{ url: string | null; all: number; by: string | null; at: number | null; org: string }>();

/** What the receiver got under `key`: each request's headers and exact body bytes. */
async function received(key: string) {
  const res = await fetch(`${origin}/tunnel/received?key=${key}`);
  const items = (await res.json()) as { method: string; headers: Record<string, string>; body: string }[];
  return items.map((item) => ({ ...item, bytes: Uint8Array.from(atob(item.body), (c) => c.charCodeAt(0)) }));
}

/** The README's verification: HMAC-SHA-256 of `<t>.` + raw body under the signing secret, hex, in constant time. */
async function verifies(header: string, body: Uint8Array, secret: string, nowSeconds: number) {
  const parts = Object.fromEntries(header.split(",").map((kv) => kv.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const signed = new Uint8Array([...new TextEncoder().encode(`${t}.`), ...body]);
  const mac = Uint8Array.from(parts.v1!.match(/../g)!, (h) => parseInt(h, 16));
  return crypto.subtle.verify("HMAC", key, mac, signed);
}

describe("integration development mode", () => {
  it("is set and disabled by the owning organization's admins, and the Integration read shows nothing of it", async () => {
    const { organization, owner, gb, name } = await world();
    const before = (await gb.integrations.getIntegrationByName(name)).data;

    const set = await gb.integrations.setIntegrationDevelopmentMode(name, {
      tunnelUrl: "https://quiet-fox.trycloudflare.com",
    });
    expect(set.status).toBe(204);
    expect(await devColumns(name)).toMatchObject({
      url: "https://quiet-fox.trycloudflare.com/",
      all: 0,
      by: owner.user.id,
      at: expect.any(Number),
    });
    // The reference's Integration has no development-mode field: the read is unchanged, and leaks no URL.
    const after = await api("GET", `/integrations/${name}`, { token: owner.token });
    expect(after.json).toEqual(before);
    expect(after.text).not.toContain("trycloudflare");

    // Set again: moves the tunnel and takes `all`.
    await gb.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: "http://tunnel.example.com/x", all: true });
    expect(await devColumns(name)).toMatchObject({ url: "http://tunnel.example.com/x", all: 1 });
    // A new version keeps development mode.
    await gb.integrations.publishIntegration(name, {
      title: "Dev 2",
      description: "Next",
      scopes: [],
      script: "export default { v: 2 };",
      organization: organization.id,
    } as never);
    expect(await devColumns(name)).toMatchObject({ url: "http://tunnel.example.com/x", all: 1 });

    // Disable: 205 when it was on, 204 when already off.
    const off = await api("DELETE", `/integrations/${name}/dev`, { token: owner.token });
    expect(off.status).toBe(205);
    expect(off.text).toBe("");
    expect(await devColumns(name)).toMatchObject({ url: null, all: 0, by: null, at: null });
    expect((await gb.integrations.disableIntegrationDevelopmentMode(name)).status).toBe(204);
    expect(organization.id).toBe((await devColumns(name))!.org);
  });

  it("answers 403 to members, 404 to outsiders and unknown names, 401 without a token", async () => {
    const { organization, owner, name } = await world();
    await api("PUT", `/integrations/${name}/dev`, { token: owner.token, body: { tunnelUrl: "https://t.example.com" } });
    const body = { tunnelUrl: "https://evil.example.com" };
    for (const role of ["read", "create"] as const) {
      const member = await seedMember(organization.id, role);
      const put = await api("PUT", `/integrations/${name}/dev`, { token: member.token, body });
      expect(put.status).toBe(403);
      expect(put.json.error.code).toBe(403);
      expect((await api("DELETE", `/integrations/${name}/dev`, { token: member.token })).status).toBe(403);
    }
    const outsider = await seedOrganization("Elsewhere");
    expect((await api("PUT", `/integrations/${name}/dev`, { token: outsider.owner.token, body })).status).toBe(404);
    expect((await api("DELETE", `/integrations/${name}/dev`, { token: outsider.owner.token })).status).toBe(404);
    const stranger = await seedUser("stranger");
    expect(
      (await clientError(client(stranger.token).integrations.setIntegrationDevelopmentMode(name, body))).code,
    ).toBe(404);
    expect((await api("PUT", "/integrations/no-such-integration/dev", { token: owner.token, body })).status).toBe(404);
    expect((await api("DELETE", "/integrations/no-such-integration/dev", { token: owner.token })).status).toBe(404);
    const anonymous = await api("PUT", `/integrations/${name}/dev`, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe(401);
    expect((await api("DELETE", `/integrations/${name}/dev`)).status).toBe(401);
    // Nothing moved the tunnel.
    expect((await devColumns(name))!.url).toBe("https://t.example.com/");
  });

  it("refuses bad tunnel URLs with the contract's 400", async () => {
    const { owner, name } = await world();
    const cases: [unknown, RegExp][] = [
      [{}, /^body\.tunnelUrl: /],
      [{ tunnelUrl: "" }, /^body\.tunnelUrl: /],
      [{ tunnelUrl: "not a url" }, /^body\.tunnelUrl: must be an absolute http\(s\) URL/],
      [{ tunnelUrl: "ftp://files.example.com/" }, /^body\.tunnelUrl: must be an absolute http\(s\) URL/],
      [{ tunnelUrl: "javascript:alert(1)" }, /^body\.tunnelUrl: /],
      [{ tunnelUrl: `https://example.com/${"a".repeat(256)}` }, /^body\.tunnelUrl: /],
      [{ tunnelUrl: "http://10.0.0.5:8080/" }, /^body\.tunnelUrl: Refusing to fetch 10\.0\.0\.5/],
      [{ tunnelUrl: "http://169.254.169.254/latest/meta-data" }, /^body\.tunnelUrl: Refusing/],
      [{ tunnelUrl: "http://[fd00::1]/" }, /^body\.tunnelUrl: Refusing/],
      [{ tunnelUrl: "https://user:pass@tunnel.example.com/" }, /^body\.tunnelUrl: must not carry credentials/],
      [{ tunnelUrl: "https://tunnel.example.com", all: "yes" }, /^body\.all: /],
    ];
    for (const [body, message] of cases) {
      const res = await api("PUT", `/integrations/${name}/dev`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
    expect((await devColumns(name))!.url).toBeNull();
  });

  it("sends the owner's events to the tunnel, and other organizations' only with `all`", async () => {
    const integration = {
      name: "x",
      organizationId: "owner-org",
      devTunnelUrl: "https://t.example.com/",
      devAll: false,
    };
    const target = { integrationName: "x", tunnelUrl: "https://t.example.com/" };
    expect(devDeliveryTarget(integration, "owner-org")).toEqual(target);
    expect(devDeliveryTarget(integration, null)).toEqual(target); // the integration's own events
    expect(devDeliveryTarget(integration, "other-org")).toBeNull();
    expect(devDeliveryTarget({ ...integration, devAll: true }, "other-org")).toEqual(target);
    expect(devDeliveryTarget({ ...integration, devTunnelUrl: null, devAll: true }, "owner-org")).toBeNull();
  });

  it("delivers signed multipart POSTs to the tunnel and returns its answer", async () => {
    const { owner, name } = await world();
    const key = crypto.randomUUID();
    await api("PUT", `/integrations/${name}/dev`, {
      token: owner.token,
      body: { tunnelUrl: `${origin}/tunnel/${key}` },
    });
    const row = (await devColumns(name))!;
    const target = devDeliveryTarget(
      { name, organizationId: row.org, devTunnelUrl: row.url, devAll: Boolean(row.all) },
      row.org,
    )!;
    const form = new FormData();
    const event = { type: "space_content_updated", spaceId: "s1", eventId: "e1" };
    form.set("event", JSON.stringify(event));
    form.set("environment", JSON.stringify({ apiEndpoint: "https://api.quire.test", note: "ünïcødé ✓" }));
    form.set("fetch-body", "raw=1&x=2");

    const answer = await deliverToTunnel(ctx, target, form, { eventId: "e1" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: 1 });
    expect(answer.headers.get("x-receiver")).toBe("quire-fixture");

    const [got] = await received(key);
    expect(got!.method).toBe("POST");
    expect(got!.headers["x-quire-integration"]).toBe(name);
    expect(got!.headers["x-quire-event-id"]).toBe("e1");
    expect(got!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    // The multipart fields, parsed from the exact bytes received.
    const fields = await new Request("http://receiver/", {
      method: "POST",
      headers: { "content-type": got!.headers["content-type"]! },
      body: got!.bytes,
    }).formData();
    expect(JSON.parse(fields.get("event") as string)).toEqual(event);
    expect(JSON.parse(fields.get("environment") as string).note).toBe("ünïcødé ✓");
    expect(fields.get("fetch-body")).toBe("raw=1&x=2");

    // The signature, checked as the README says, over the exact received bytes.
    const header = got!.headers[TUNNEL_SIGNATURE_HEADER.toLowerCase()]!;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const secret = await integrationSigningSecret(ctx, name);
    const now = Math.floor(Date.now() / 1000);
    expect(await verifies(header, got!.bytes, secret, now)).toBe(true);
    // A tampered body, another integration's secret, a moved timestamp or a stale one do not verify.
    const tampered = got!.bytes.slice();
    tampered[tampered.length - 10]! ^= 1;
    expect(await verifies(header, tampered, secret, now)).toBe(false);
    expect(await verifies(header, got!.bytes, await integrationSigningSecret(ctx, `${name}-other`), now)).toBe(false);
    const t = Number(/t=(\d+)/.exec(header)![1]);
    expect(await verifies(header.replace(`t=${t}`, `t=${t + 1}`), got!.bytes, secret, now)).toBe(false);
    expect(await verifies(header, got!.bytes, secret, now + 600)).toBe(false);

    // Any status is the receiver's answer (the caller decides what counts as failed).
    const refused = await deliverToTunnel(
      ctx,
      { integrationName: name, tunnelUrl: `${origin}/tunnel/${key}?status=406` },
      form,
    );
    expect(refused.status).toBe(406);
    expect((await received(key)).length).toBe(2);
  });

  it("refuses tunnels at private addresses at delivery time", async () => {
    const strict = { db, env: { ...(env as unknown as Env), ALLOW_LOOPBACK_FETCH: undefined } as Env };
    const form = new FormData();
    form.set("event", "{}");
    form.set("environment", "{}");
    const key = crypto.randomUUID();
    for (const tunnelUrl of [
      `${origin}/tunnel/${key}`,
      "http://localhost:9/",
      "http://192.168.1.10/",
      "http://[::1]/",
    ]) {
      const error = await deliverToTunnel(strict, { integrationName: "x", tunnelUrl }, form).catch((e: unknown) => e);
      expect(error, tunnelUrl).toMatchObject({ status: 400 });
    }
    // Also when the guard allows loopback (tests): a private, non-loopback address is never fetched.
    const error = await deliverToTunnel(ctx, { integrationName: "x", tunnelUrl: "http://10.1.2.3/" }, form).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400 });
    // Development mode off: nothing to deliver to.
    expect(await deliverToTunnel(ctx, { name: "x", devTunnelUrl: null }, form).catch((e: unknown) => e)).toMatchObject({
      status: 400,
    });
    expect(await received(key)).toEqual([]);
  });

  it("sends the integration's events to the tunnel, signed, instead of running the script", async () => {
    const { organization, owner, gb } = await world();
    const name = `dev-run-${crypto.randomUUID().slice(0, 8)}`;
    // A published script that would log if it ran; in development mode the tunnel answers instead.
    await gb.integrations.publishIntegration(name, {
      title: "Dev run",
      description: "In development",
      scopes: [],
      script: `export default { async fetch() { console.log("published script ran"); return new Response("OK"); } };`,
      organization: organization.id,
    } as never);
    const key = crypto.randomUUID();
    const set = await api("PUT", `/integrations/${name}/dev`, {
      token: owner.token,
      body: { tunnelUrl: `${origin}/tunnel/${key}` },
    });
    expect(set.status).toBe(204);
    const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });

    const event = await vi.waitFor(
      async () => {
        const res = await api("GET", `/integrations/${name}/events`, { token: owner.token });
        const item = (res.json.items as { id: string; status: string; payload: { type: string } }[]).find(
          (e) => e.payload.type === "installation_setup",
        );
        if (!item) throw new Error("not delivered yet");
        return item;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(event.status).toBe("success");
    const detail = await api("GET", `/integrations/${name}/events/${event.id}`, { token: owner.token });
    expect(JSON.stringify(detail.json)).not.toContain("published script ran");

    const [got] = await received(key);
    expect(got!.headers["x-quire-event-id"]).toBeTruthy();
    const fields = await new Request("http://receiver/", {
      method: "POST",
      headers: { "content-type": got!.headers["content-type"]! },
      body: got!.bytes,
    }).formData();
    expect(JSON.parse(fields.get("event") as string)).toMatchObject({
      type: "installation_setup",
      installationId: installation.id,
    });
    const environment = JSON.parse(fields.get("environment") as string);
    expect(environment.integration.name).toBe(name);
    expect(typeof environment.apiTokens.installation).toBe("string");
    const secret = await integrationSigningSecret(ctx, name);
    expect(environment.signingSecrets.integration).toBe(secret);
    const header = got!.headers[TUNNEL_SIGNATURE_HEADER.toLowerCase()]!;
    expect(await verifies(header, got!.bytes, secret, Math.floor(Date.now() / 1000))).toBe(true);

    // Development mode off: the published script runs again.
    await api("DELETE", `/integrations/${name}/dev`, { token: owner.token });
    await gb.integrations.updateIntegrationInstallation(name, installation.id, { configuration: {} } as never);
    await vi.waitFor(
      async () => {
        const res = await api("GET", `/integrations/${name}/events`, { token: owner.token });
        const items = res.json.items as { id: string; payload: { type: string } }[];
        const details = await Promise.all(
          items.map((item) => api("GET", `/integrations/${name}/events/${item.id}`, { token: owner.token })),
        );
        if (!details.some((d) => JSON.stringify(d.json).includes("published script ran"))) throw new Error("not yet");
      },
      { timeout: 15_000, interval: 300 },
    );
    expect((await received(key)).length).toBe(1);
  });
});
