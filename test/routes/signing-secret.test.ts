// A deployment with no SIGNING_SECRET (plain `wrangler dev`, or a deploy without `wrangler secret put`) signs
// with a secret it generates once and keeps in D1; a configured SIGNING_SECRET overrides it.
import { GitBookAPI } from "@gitbook/api";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import worker from "../../src/index";
import { signingSecret, storedInstanceSecret } from "../../src/services/access/signing-secret";
import { countingD1 } from "../helpers/counting-d1";
import { ORIGIN, client, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

/** The Worker as a deployment without SIGNING_SECRET runs it. */
const unconfiguredEnv = { ...env, SIGNING_SECRET: undefined } as never;
const unconfiguredFetch = (input: RequestInfo | URL, init?: RequestInit) =>
  worker.fetch(new Request(input, init) as never, unconfiguredEnv, createExecutionContext()) as Promise<Response>;
const unconfiguredClient = (token: string) =>
  new GitBookAPI({ endpoint: ORIGIN, authToken: token, serviceBinding: { fetch: unconfiguredFetch } });

const storedRows = async () =>
  (await env.DB.prepare("SELECT name, value FROM instance_secrets").all<{ name: string; value: string }>()).results;
const key = (secret: string) => new TextEncoder().encode(secret);

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A space whose main content has one image, written through the configured Worker (which stores no secret). */
async function spaceWithFile() {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
  const { data: cr } = await gb.spaces.createChangeRequest(space.id, { subject: "Logo" });
  const write = await workerFetch(`${ORIGIN}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      changes: [
        {
          operation: "insert_files",
          files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: toBase64(png) }],
        },
      ],
    }),
  });
  expect(write.status).toBe(200);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  return { organization, owner, space };
}

async function downloaded(fetcher: typeof unconfiguredFetch, url: string) {
  const res = await fetcher(url);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("signing without SIGNING_SECRET", () => {
  // First in the file: nothing is cached or stored yet, so these requests race to create the secret.
  it("answers concurrent first reads, uploads' reads and pings with 200, all signed with one stored secret", async () => {
    const { organization, owner, space } = await spaceWithFile();
    expect(await storedRows()).toEqual([]);

    const gb = unconfiguredClient(owner.token);
    const [revisionA, revisionB, filesA, filesB, pingA, pingB] = await Promise.all([
      gb.spaces.getCurrentRevision(space.id),
      gb.spaces.getCurrentRevision(space.id),
      gb.spaces.listFiles(space.id),
      gb.spaces.listFiles(space.id),
      gb.orgs.updateOrganizationMemberLastSeenAt(organization.id),
      gb.orgs.updateOrganizationMemberLastSeenAt(organization.id),
    ]);

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("signing");
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/); // 32 random bytes
    const urls = [revisionA, revisionB].flatMap((r) => r.data.files.map((f) => f.downloadURL));
    urls.push(...[filesA, filesB].flatMap((r) => r.data.items.map((f) => f.downloadURL)));
    expect(urls).toHaveLength(4);
    for (const url of urls) expect(await downloaded(unconfiguredFetch, url)).toEqual({ status: 200, bytes: png });
    for (const ping of [pingA, pingB]) {
      const { payload } = await jwtVerify(ping.data.gitbookVisitorClaims!, key(rows[0]!.value), {
        audience: "quire:visitor",
      });
      expect(payload).toMatchObject({ sub: owner.user.id, org: organization.id, role: "admin" });
    }
  });

  it("signs uploads, change-request file reads and PDF URLs with the stored secret", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = unconfiguredClient(owner.token);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, { subject: "Upload" });
    const write = await unconfiguredFetch(
      `${ORIGIN}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          changes: [
            {
              operation: "insert_files",
              files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: toBase64(png) }],
            },
            { operation: "insert_page", title: "Intro", document: { markdown: "# Intro\n\n![Logo](./logo)\n" } },
          ],
        }),
      },
    );
    expect(write.status).toBe(200);
    const inserted = ((await write.json()) as { insertedFiles: { id: string; downloadURL: string }[] })
      .insertedFiles[0]!;
    expect(await downloaded(unconfiguredFetch, inserted.downloadURL)).toEqual({ status: 200, bytes: png });

    const listed = await gb.spaces.listFilesInChangeRequestById(space.id, cr.id);
    expect(await downloaded(unconfiguredFetch, listed.data.items[0]!.downloadURL)).toEqual({ status: 200, bytes: png });
    const revision = await gb.spaces.getRevisionOfChangeRequestById(space.id, cr.id);
    expect(revision.data.files.map((f) => f.id)).toEqual([inserted.id]);

    const { data: pdf } = await gb.spaces.getChangeRequestPdf(space.id, cr.id);
    const res = await unconfiguredFetch(pdf.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await storedRows()).toHaveLength(1);
  });

  it("lets a set SIGNING_SECRET override the stored one, in both directions", async () => {
    const { organization, owner, space } = await spaceWithFile();
    const unconfigured = (await unconfiguredClient(owner.token).spaces.getCurrentRevision(space.id)).data.files[0]!
      .downloadURL;
    const configured = (await client(owner.token).spaces.getCurrentRevision(space.id)).data.files[0]!.downloadURL;
    expect(await downloaded(unconfiguredFetch, unconfigured)).toEqual({ status: 200, bytes: png });
    expect(await downloaded(workerFetch, configured)).toEqual({ status: 200, bytes: png });
    expect((await downloaded(workerFetch, unconfigured)).status).toBe(403);
    expect((await downloaded(unconfiguredFetch, configured)).status).toBe(403);

    const { data } = await client(owner.token).orgs.updateOrganizationMemberLastSeenAt(organization.id);
    await jwtVerify(data.gitbookVisitorClaims!, key(env.SIGNING_SECRET), { audience: "quire:visitor" });
    const [stored] = await storedRows();
    await expect(jwtVerify(data.gitbookVisitorClaims!, key(stored!.value))).rejects.toThrow();
  });

  it("costs no D1 round trip once resolved, and none at all when SIGNING_SECRET is set", async () => {
    const { database, counter } = countingD1(env.DB);
    const db = createDb(database);
    const stored = (await storedRows())[0]!.value;
    expect(await signingSecret({ db, env: {} })).toBe(stored);
    expect(await signingSecret({ db, env: { SIGNING_SECRET: "configured" } })).toBe("configured");
    expect(counter.roundTrips).toBe(0);
  });

  it("keeps the first writer's secret when uncached lookups race to create it (one row)", async () => {
    await env.DB.prepare("DELETE FROM instance_secrets").run();
    const db = createDb(env.DB);
    const secrets = await Promise.all(Array.from({ length: 8 }, () => storedInstanceSecret(db)));
    expect(new Set(secrets).size).toBe(1);
    expect(await storedRows()).toEqual([{ name: "signing", value: secrets[0] }]);
    expect(await storedInstanceSecret(db)).toBe(secrets[0]);
  });
});
