import { ContentReferenceStatus as Status } from "@gitbook/api";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";
import { seedOrganization } from "../helpers/seed";

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const APP = "https://app.quire.test";

const cacheRows = async (spaceId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM content_links WHERE space_id = ?")
    .bind(spaceId)
    .first<{ n: number }>())!.n;

/**
 * Main holds: Target (# Setup), Other, Home (links of every kind) and Second (links to Target and the logo),
 * plus two files, logo.png and notes.txt.
 */
async function spaceWithLinks() {
  const s = await seedSpace();
  const { cr, pages, response } = await changeRequestWith(s.owner.token, s.space.id, [
    {
      operation: "insert_files",
      files: [
        { ref: "logo", name: "logo.png", contentType: "image/png", base64: toBase64(png) },
        { ref: "notes", name: "notes.txt", contentType: "text/plain", base64: btoa("notes") },
      ],
    },
    {
      operation: "insert_page",
      ref: "target",
      title: "Target",
      document: { markdown: "Intro.\n\n## Setup\n\nSteps.\n" },
    },
    { operation: "insert_page", ref: "other", title: "Other", document: { markdown: "Nothing here.\n" } },
  ]);
  const [target, other] = pages;
  const [logo, notes] = (response.insertedFiles as { id: string }[]).map((f) => f.id);
  const home = [
    "# Home",
    "",
    `- [Target](/pages/${target})`,
    `- [Setup](/pages/${target}#setup)`,
    `- [Nope](/pages/${target}#nope)`,
    "- [Self](#home)",
    `- [Other](/pages/${other})`,
    `- ![Logo](/files/${logo})`,
    `- [Notes](/files/${notes})`,
    "- [Example](https://example.com/docs)",
    `- [App](${APP}/s/elsewhere/some/page)`,
    "",
  ].join("\n");
  const second = `See [the target](/pages/${target}) and ![logo](/files/${logo}).\n`;
  const res = await writeContent(s.owner.token, s.space.id, cr.id, [
    { operation: "insert_page", title: "Home", document: { markdown: home } },
    { operation: "insert_page", title: "Second", document: { markdown: second } },
  ]);
  expect(res.status).toBe(200);
  const ids = (res.json.changes as { page: string | { id: string } }[]).map((c) =>
    typeof c.page === "string" ? c.page : c.page.id,
  );
  expect((await s.api.spaces.mergeChangeRequest(s.space.id, cr.id)).data.result).toBe("merge");
  return { ...s, target, other, logo, notes, home: ids[0], second: ids[1] };
}

type Usage = { status: string; relation: string; targetReference?: any; locationReferences: any[] };
const describeTarget = (u: Usage) => {
  const t = u.targetReference;
  if (!t) return "none";
  if (t.kind === "page") return `page:${t.page.id}${t.internalLocation ? `#${t.internalLocation.anchor}` : ""}`;
  if (t.kind === "file") return `file:${t.file.id}`;
  return `url:${t.url}`;
};
const byTarget = (items: Usage[]) => Object.fromEntries(items.map((u) => [describeTarget(u), u]));

describe("links", () => {
  it("lists every link of main with its status, relation, target and locations, and stats", async () => {
    const s = await spaceWithLinks();
    const { data } = await s.api.spaces.listSpaceLinks(s.space.id);
    expect(data.count).toBe(9);
    expect(data.stats).toEqual({ total: 9, broken: { total: 1 } });
    const items = byTarget(data.items as Usage[]);
    const status = Object.fromEntries(Object.entries(items).map(([k, u]) => [k, u.status]));
    expect(status).toEqual({
      [`page:${s.target}`]: "ok",
      [`page:${s.target}#setup`]: "ok",
      [`page:${s.target}#nope`]: "broken",
      [`page:${s.home}#home`]: "ok",
      [`page:${s.other}`]: "ok",
      [`file:${s.logo}`]: "ok",
      [`file:${s.notes}`]: "ok",
      "url:https://example.com/docs": "ok",
      [`url:${APP}/s/elsewhere/some/page`]: "in-app",
    });
    // The target page is linked from Home and Second (reading order); images depend on their file.
    const toTarget = items[`page:${s.target}`];
    expect(toTarget.relation).toBe("reference");
    expect(toTarget.locationReferences.map((l) => l.page.id)).toEqual([s.home, s.second]);
    expect(toTarget.locationReferences[0]).toMatchObject({
      kind: "page",
      organization: { id: s.organization.id },
      space: { id: s.space.id },
    });
    expect(toTarget.targetReference).toMatchObject({
      kind: "page",
      page: { id: s.target, title: "Target" },
      space: { object: "space" },
    });
    expect(items[`file:${s.logo}`].relation).toBe("dependsOn");
    expect(items[`file:${s.logo}`].targetReference.file).toMatchObject({ name: "logo.png", contentType: "image/png" });
    expect(items[`file:${s.notes}`].relation).toBe("reference");

    // Status filter.
    const broken = await s.api.spaces.listSpaceLinks(s.space.id, { status: Status.Broken });
    expect(broken.data.items.map((u) => describeTarget(u as Usage))).toEqual([`page:${s.target}#nope`]);
    expect(broken.data.count).toBe(1);
    expect(broken.data.stats.total).toBe(9);
    const inApp = await s.api.spaces.listSpaceLinks(s.space.id, { status: Status.InApp });
    expect(inApp.data.items.map((u) => describeTarget(u as Usage))).toEqual([`url:${APP}/s/elsewhere/some/page`]);
    expect((await s.api.spaces.listSpaceLinks(s.space.id, { status: Status.Ok })).data.count).toBe(7);

    // Pagination walks every item once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await s.api.spaces.listSpaceLinks(s.space.id, { limit: 4, ...(cursor ? { page: cursor } : {}) });
      seen.push(...page.data.items.map((u) => describeTarget(u as Usage)));
      cursor = page.data.next?.page;
    } while (cursor);
    expect(seen.sort()).toEqual(Object.keys(items).sort());

    // One page's links.
    const pageLinks = await s.api.spaces.listPageLinksInSpace(s.space.id, s.second);
    expect(pageLinks.data.stats).toEqual({ total: 2, broken: { total: 0 } });
    expect(pageLinks.data.items.map((u) => describeTarget(u as Usage)).sort()).toEqual(
      [`file:${s.logo}`, `page:${s.target}`].sort(),
    );
    expect(
      pageLinks.data.items.every(
        (u) => u.locationReferences.length === 1 && (u.locationReferences[0] as any).page.id === s.second,
      ),
    ).toBe(true);
    expect((await s.api.spaces.listPageLinksInSpace(s.space.id, s.target)).data).toMatchObject({
      items: [],
      count: 0,
      stats: { total: 0 },
    });
  });

  it("finds links broken by a change request: a deleted page, its anchors and an absent file", async () => {
    const s = await spaceWithLinks();
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "delete_page", page: s.target },
      { operation: "update_page", page: s.other, document: { markdown: "Now with [a file](/files/absent-file).\n" } },
    ]);
    const { data } = await s.api.spaces.listChangeRequestLinks(s.space.id, cr.id);
    // Broken: the deleted page, its two anchors (#nope was already broken on main) and the absent file.
    expect(data.stats).toEqual({ total: 10, broken: { total: 4, changeRequest: 3 } });
    const items = byTarget(data.items as Usage[]);
    // A broken link keeps the kind its markdown wrote; the deleted page is shown as the merge base had it.
    expect(items[`page:${s.target}`].status).toBe("broken");
    expect(items[`page:${s.target}`].targetReference).toMatchObject({
      kind: "page",
      page: { id: s.target, title: "Target" },
      space: { id: s.space.id },
    });
    expect(items[`page:${s.target}#setup`].status).toBe("broken");
    expect(items["file:absent-file"].status).toBe("broken");
    expect(items["file:absent-file"].targetReference).toMatchObject({ kind: "file", file: { id: "absent-file" } });
    expect(items["file:absent-file"].locationReferences.map((l) => l.page.id)).toEqual([s.other]);
    expect(items[`file:${s.logo}`].status).toBe("ok");
    // Locations in a change request carry it as their version context.
    expect(items[`file:${s.logo}`].locationReferences[0].versionContext).toMatchObject({
      type: "changeRequest",
      changeRequest: { id: cr.id },
    });

    const introduced = await s.api.spaces.listChangeRequestLinks(s.space.id, cr.id, {
      status: Status.Broken,
      brokenContext: "change-request",
    });
    expect(introduced.data.items.map((u) => describeTarget(u as Usage)).sort()).toEqual(
      ["file:absent-file", `page:${s.target}`, `page:${s.target}#setup`].sort(),
    );
    expect((await s.api.spaces.listChangeRequestLinks(s.space.id, cr.id, { status: Status.Broken })).data.count).toBe(
      4,
    );

    // Per page, with the change request's number as its id.
    const second = await s.api.spaces.listPageLinksInChangeRequest(s.space.id, String(cr.number), s.second);
    expect(second.data.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 1 } });
    const other = await s.api.spaces.listPageLinksInChangeRequest(s.space.id, cr.id, s.other);
    expect(other.data.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 1 } });

    // Main is untouched.
    expect((await s.api.spaces.listSpaceLinks(s.space.id)).data.stats).toEqual({ total: 9, broken: { total: 1 } });
  });

  it("lists the backlinks of pages and files, in main and in a change request", async () => {
    const s = await spaceWithLinks();
    const ids = (list: { data: { items: any[] } }) => list.data.items.map((l) => l.page.id).sort();
    expect(ids(await s.api.spaces.listSpacePageBacklinks(s.space.id, s.target))).toEqual([s.home, s.second].sort());
    expect(ids(await s.api.spaces.listSpacePageBacklinks(s.space.id, s.home))).toEqual([s.home]);
    expect(ids(await s.api.spaces.listSpacePageBacklinks(s.space.id, s.second))).toEqual([]);
    expect(ids(await s.api.spaces.listSpaceFileBacklinks(s.space.id, s.logo))).toEqual([s.home, s.second].sort());
    expect(ids(await s.api.spaces.listSpaceFileBacklinks(s.space.id, s.notes))).toEqual([s.home]);
    const first = await s.api.spaces.listSpacePageBacklinks(s.space.id, s.target, { limit: 1 });
    expect(first.data).toMatchObject({ count: 2, next: { page: expect.any(String) } });
    expect(first.data.items[0]).toMatchObject({
      kind: "page",
      space: { id: s.space.id },
      organization: { id: s.organization.id },
    });

    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.second, document: { markdown: `Only [other](/pages/${s.other}).\n` } },
    ]);
    expect(ids(await s.api.spaces.listChangeRequestPageBacklinks(s.space.id, cr.id, s.target))).toEqual([s.home]);
    expect(ids(await s.api.spaces.listChangeRequestPageBacklinks(s.space.id, cr.id, s.other))).toEqual(
      [s.home, s.second].sort(),
    );
    expect(ids(await s.api.spaces.listChangeRequestFileBacklinks(s.space.id, cr.id, s.logo))).toEqual([s.home]);
    const located = await s.api.spaces.listChangeRequestFileBacklinks(s.space.id, cr.id, s.notes);
    expect((located.data.items[0] as any).versionContext).toMatchObject({
      type: "changeRequest",
      changeRequest: { id: cr.id },
    });
    // Main still has the old backlinks.
    expect(ids(await s.api.spaces.listSpaceFileBacklinks(s.space.id, s.logo))).toEqual([s.home, s.second].sort());
  });

  it("answers 400 for bad input, 401 without a token and 404 across the boundary", async () => {
    const s = await spaceWithLinks();
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [{ operation: "delete_page", page: s.target }]);
    const t = s.owner.token;
    for (const path of [
      `/spaces/${s.space.id}/links?status=nope`,
      `/spaces/${s.space.id}/links?limit=5000`,
      `/spaces/${s.space.id}/links?page=%25%25bad`,
      `/spaces/${s.space.id}/change-requests/${cr.id}/links?brokenContext=x`,
      `/spaces/${s.space.id}/content/page/${s.home}/links?limit=-1`,
      `/spaces/${s.space.id}/content/page/${s.target}/backlinks?page=!!`,
      `/spaces/${s.space.id}/content/files/${s.logo}/backlinks?limit=abc`,
    ]) {
      const res = await api("GET", path, { token: t });
      expect(res.status, path).toBe(400);
      expect(res.json.error).toMatchObject({ code: 400, message: expect.any(String) });
    }
    const anonymous = client();
    expect((await clientError(anonymous.spaces.listSpaceLinks(s.space.id))).code).toBe(401);
    expect((await clientError(anonymous.spaces.listChangeRequestFileBacklinks(s.space.id, cr.id, s.logo))).code).toBe(
      401,
    );

    const stranger = client((await seedOrganization("Elsewhere")).owner.token);
    expect((await clientError(stranger.spaces.listSpaceLinks(s.space.id))).code).toBe(404);
    expect((await clientError(stranger.spaces.listSpacePageBacklinks(s.space.id, s.home))).code).toBe(404);
    expect((await clientError(stranger.spaces.listChangeRequestLinks(s.space.id, cr.id))).code).toBe(404);
    expect((await clientError(s.api.spaces.listSpaceLinks("no-such-space"))).code).toBe(404);
    expect((await clientError(s.api.spaces.listChangeRequestLinks(s.space.id, "no-such-cr"))).code).toBe(404);
    expect((await clientError(s.api.spaces.listPageLinksInSpace(s.space.id, "no-such-page"))).code).toBe(404);
    expect((await clientError(s.api.spaces.listSpaceFileBacklinks(s.space.id, "no-such-file"))).code).toBe(404);
    // The page exists on main but was deleted in the change request.
    expect((await clientError(s.api.spaces.listChangeRequestPageBacklinks(s.space.id, cr.id, s.target))).code).toBe(
      404,
    );
    expect((await clientError(s.api.spaces.listPageLinksInChangeRequest(s.space.id, cr.id, s.target))).code).toBe(404);
  });

  it("extracts links once per page body: same body in two pages, read many times, is one cache row", async () => {
    const s = await seedSpace();
    const body = "Read [the docs](https://example.com) and [this](#top).\n";
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "One", document: { markdown: body } },
      { operation: "insert_page", title: "Two", document: { markdown: body } },
    ]);
    expect(await cacheRows(s.space.id)).toBe(0);
    const first = await s.api.spaces.listChangeRequestLinks(s.space.id, cr.id);
    expect(first.data.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 2 } });
    expect(await cacheRows(s.space.id)).toBe(1);
    await s.api.spaces.listChangeRequestLinks(s.space.id, cr.id);
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    await s.api.spaces.listSpaceLinks(s.space.id);
    expect(await cacheRows(s.space.id)).toBe(1);

    // The cached row is what is served: rewriting it shows up in the next read (no re-parse).
    await env.DB.prepare("UPDATE content_links SET links = ? WHERE space_id = ?")
      .bind(
        JSON.stringify([{ ref: { kind: "url", url: "https://cached.example" }, relation: "reference" }]),
        s.space.id,
      )
      .run();
    const cached = await s.api.spaces.listSpaceLinks(s.space.id);
    expect(cached.data.items.map((u) => describeTarget(u as Usage))).toEqual(["url:https://cached.example"]);
    expect(cached.data.items[0].locationReferences).toHaveLength(2);
  });
});
