import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { ApiError } from "../../src/lib/errors";
import { importContent } from "../../src/services/imports";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";
import { api, client, clientError } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;

/** Asserts that nothing was written: same current revision, no pages, no files. */
async function expectUntouched(gb: ReturnType<typeof client>, spaceId: string, revision: string) {
  expect((await gb.spaces.getCurrentRevision(spaceId)).data.id).toBe(revision);
  expect((await gb.spaces.listPages(spaceId)).data.pages).toEqual([]);
  expect((await gb.spaces.listFiles(spaceId)).data.items).toEqual([]);
}

describe("imports: sources that cannot be read are refused with a 4xx and nothing is written", () => {
  const cases: [string, string, number, RegExp][] = [
    ["zip", "/missing.zip", 422, /answered 404/],
    ["zip", "/big.zip", 413, /larger than/],
    ["zip", "/big-chunked.zip", 413, /larger than/],
    ["zip", "/garbage.zip", 422, /not a valid zip archive/],
    ["zip", "/empty.zip", 422, /no markdown/],
    ["docx", "/garbage.zip", 422, /not a valid zip archive/],
    ["docx", "/not-word.docx", 422, /not a Word/],
    ["docx", "/big.zip", 413, /larger than/],
    ["markdown", "/garbage.md", 422, /not UTF-8 text|binary/],
    ["markdown", "/missing.md", 422, /answered 404/],
    ["html", "/not-html.html", 422, /not an HTML document/],
    ["html", "/report.docx", 422, /not UTF-8|binary|not an HTML/],
    ["website", "/site/nowhere.html", 422, /answered 404/],
    ["website", "/redirect-private", 400, /Refusing to fetch 10\.0\.0\.1/],
  ];
  for (const [source, path, status, message] of cases) {
    it(`${source} ${path} → ${status}`, async () => {
      const { space, api: gb } = await seedSpace();
      const error = await clientError(
        gb.spaces.importContent(space.id, { url: `${origin}${path}`, source: source as never }),
      );
      expect(error.code).toBe(status);
      expect(error.errorMessage).toMatch(message);
      await expectUntouched(gb, space.id, space.revision);
    });
  }
});

describe("imports: SSRF", () => {
  it("refuses private, link-local and metadata addresses through the API", async () => {
    const { space, api: gb } = await seedSpace();
    for (const host of [
      "10.1.2.3",
      "169.254.169.254",
      "192.168.0.10",
      "172.16.0.1",
      "[::ffff:127.0.0.1]",
      "metadata.internal",
    ]) {
      const error = await clientError(
        gb.spaces.importContent(space.id, { url: `http://${host}/latest/meta-data`, source: "html" as never }),
      );
      expect(error.code, host).toBe(400);
      expect(error.errorMessage).toMatch(/Refusing to fetch/);
    }
    await expectUntouched(gb, space.id, space.revision);
  });

  it("refuses loopback when the deployment does not allow it (the default)", async () => {
    const { space, owner, organization } = await seedSpace();
    const strictEnv = { ...(env as unknown as Env), ALLOW_LOOPBACK_FETCH: undefined };
    const ctx = {
      db,
      env: strictEnv,
      caller: {
        kind: "user" as const,
        userId: owner.user.id,
        tokenId: owner.tokenId,
        memberships: new Map([[organization.id, "admin" as const]]),
      },
      urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
      now: Date.now(),
    };
    for (const url of [`${origin}/site/index.html`, "http://localhost:1/x", "http://[::1]/x"]) {
      const error = await importContent(ctx, space.id, {}, { url, source: "website" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toMatch(/Refusing to fetch/);
    }
    // The same import succeeds when loopback is allowed (as in these tests' bindings).
    const allowed = await importContent(
      { ...ctx, env: env as unknown as Env },
      space.id,
      {},
      { url: `${origin}/page.html`, source: "html" },
    );
    expect(allowed.importedResources).toBe(2);
  });
});

describe("imports: input validation", () => {
  it("answers 400 for bad bodies and for sources Quire cannot import", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const bodies = [
      {},
      { url: `${origin}/page.html` },
      { source: "html" },
      { url: "not a url", source: "html" },
      { url: "ftp://example.com/file.md", source: "markdown" },
      { url: `${origin}/page.html`, source: "pdf" },
    ];
    for (const body of bodies) {
      const res = await api("POST", `/spaces/${space.id}/content/import`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.json.error.message).toMatch(/body\./);
    }
    const refused: [string, RegExp][] = [
      ["confluence", /Confluence account/],
      ["notion", /Notion account/],
      ["google-docs", /Google account/],
      ["github-wiki", /Git sync/],
    ];
    for (const [source, message] of refused) {
      const error = await clientError(
        gb.spaces.importContent(space.id, { url: "https://example.com/wiki", source: source as never }),
      );
      expect(error.code, source).toBe(400);
      expect(error.errorMessage).toMatch(message);
    }
    await expectUntouched(gb, space.id, space.revision);
  });
});

describe("imports: authentication and permissions", () => {
  const body = () => ({ url: `${origin}/page.html`, source: "html" as never });

  it("401 without a token, 404 for strangers and unknown targets, 403 below edit, 201 from edit up", async () => {
    const { space, organization, owner, api: gb } = await seedSpace();
    expect((await clientError(client().spaces.importContent(space.id, body()))).code).toBe(401);
    const res = await api("POST", `/spaces/${space.id}/change-requests/1/content/import`, { body: body() });
    expect(res.status).toBe(401);

    const stranger = (await seedOrganization("Other")).owner;
    expect((await clientError(client(stranger.token).spaces.importContent(space.id, body()))).code).toBe(404);
    expect((await clientError(gb.spaces.importContent("nope", body()))).code).toBe(404);
    expect((await clientError(gb.spaces.importContentInPageById(space.id, "nope", body()))).code).toBe(404);
    expect((await clientError(gb.spaces.importContentInChangeRequest(space.id, "nope", body()))).code).toBe(404);

    for (const role of ["read", "comment"] as const) {
      const member = await seedSpaceMember(organization.id, role);
      const error = await clientError(client(member.token).spaces.importContent(space.id, body()));
      expect(error.code, role).toBe(403);
    }
    await expectUntouched(gb, space.id, space.revision);

    const editor = await seedSpaceMember(organization.id, "edit");
    const done = await client(editor.token).spaces.importContent(space.id, body());
    expect(done.status).toBe(201);
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Parent", document: { markdown: "" } },
    ]);
    const reader = await seedSpaceMember(organization.id, "read");
    const error = await clientError(
      client(reader.token).spaces.importContentInChangeRequestPageById(space.id, cr.id, pages[0], body()),
    );
    expect(error.code).toBe(403);
    expect(
      (await clientError(gb.spaces.importContentInChangeRequestPageById(space.id, cr.id, "nope", body()))).code,
    ).toBe(404);
  });

  it("a locked space refuses imports into main (403); merged change requests refuse them (409)", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "A", document: { markdown: "# A\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    expect((await clientError(gb.spaces.importContentInChangeRequest(space.id, cr.id, body()))).code).toBe(409);

    await gb.spaces.updateSpaceById(space.id, { editMode: "locked" as never });
    const before = (await gb.spaces.getCurrentRevision(space.id)).data.id;
    const error = await clientError(gb.spaces.importContent(space.id, body()));
    expect(error.code).toBe(403);
    expect(error.errorMessage).toMatch(/locked/);
    expect((await gb.spaces.getCurrentRevision(space.id)).data.id).toBe(before);
  });
});
