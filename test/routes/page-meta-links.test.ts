import { describe, expect, it } from "vitest";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { countedApp } from "../helpers/counting-d1";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

const doc = (title: string) => ({ markdown: `# ${title}\n` });

/**
 * Main: Guide > (Install, Secret (hidden) > Buried, Setup), Reference > API, Last. Reading order: Guide, Install,
 * Setup, Reference, API, Last.
 */
async function treeSpace() {
  const seeded = await seedSpace("Meta links");
  const { cr, response } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "insert_page", ref: "guide", title: "Guide", document: doc("Guide") },
    { operation: "insert_page", ref: "install", title: "Install", into: "guide", document: doc("Install") },
    { operation: "insert_page", ref: "secret", title: "Secret", into: "guide", hidden: true, document: doc("Secret") },
    { operation: "insert_page", ref: "buried", title: "Buried", into: "secret", document: doc("Buried") },
    { operation: "insert_page", ref: "setup", title: "Setup", into: "guide", document: doc("Setup") },
    { operation: "insert_page", ref: "reference", title: "Reference", document: doc("Reference") },
    { operation: "insert_page", ref: "api", title: "API", into: "reference", document: doc("API") },
    { operation: "insert_page", ref: "last", title: "Last", document: doc("Last") },
  ]);
  const ids = Object.fromEntries(
    (response.changes as { ref: string; page: { id: string } }[]).map((c) => [c.ref, c.page.id]),
  ) as Record<string, string>;
  const merged = await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id);
  return { ...seeded, ids, revision: merged.data.revision as string };
}

/** Quire's navigation links, beside the 0.202 fields (the client's type knows only those). */
type Navigation = { previous?: object; next?: object; parent?: object };
const nav = (res: { data: unknown }) => res.data as Navigation;

const ref = (id: string, title: string, path: string) => ({ kind: "page", page: id, title, path });

describe("page meta links (0.202)", () => {
  it("gives a page's previous, next and parent in the published site's reading order", async () => {
    const s = await treeSpace();
    const gb = currentClient(s.owner.token);
    const setup = await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.setup!);
    expect(setup.status).toBe(200);
    expectCurrentShape("RevisionPageMetaLinks", setup.data);
    // The hidden page (and the page under it) is skipped, as on the published site.
    expect(setup.data).toEqual({
      alternates: [],
      previous: ref(s.ids.install!, "Install", "guide/install"),
      next: ref(s.ids.reference!, "Reference", "reference"),
      parent: ref(s.ids.guide!, "Guide", "guide"),
    });
    const guide = (await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.guide!)).data;
    expect(guide).toEqual({ alternates: [], next: ref(s.ids.install!, "Install", "guide/install") });
    const api_ = (await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.api!)).data;
    expect(api_).toMatchObject({
      previous: { page: s.ids.reference },
      next: { page: s.ids.last },
      parent: { page: s.ids.reference },
    });
    const last = (await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.last!)).data;
    expect(last).toEqual({ alternates: [], previous: ref(s.ids.api!, "API", "reference/api") });
    // Outside reading order (a hidden page, a hidden page's child): only the parent.
    const secret = (await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.secret!)).data;
    expect(secret).toEqual({ alternates: [], parent: ref(s.ids.guide!, "Guide", "guide") });
    const buried = (await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.buried!)).data;
    expect(buried).toEqual({ alternates: [], parent: ref(s.ids.secret!, "Secret", "guide/secret") });
  });

  it("reads a past revision and a change request's head in their own order", async () => {
    const s = await treeSpace();
    const gb = currentClient(s.owner.token);
    // A change request moves Last to the front; until it is merged main keeps the old order.
    const moved = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.ids.last, into: null, at: 0 },
    ]);
    const inCr = await gb.spaces.listChangeRequestPageMetaLinks(s.space.id, moved.cr.id, s.ids.guide!);
    expectCurrentShape("RevisionPageMetaLinks", inCr.data);
    expect(nav(inCr).previous).toMatchObject({ page: s.ids.last });
    // By the change request's number too.
    const byNumber = await gb.spaces.listChangeRequestPageMetaLinks(s.space.id, String(moved.cr.number), s.ids.guide!);
    expect(byNumber.data).toEqual(inCr.data);
    expect(nav(await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.guide!)).previous).toBeUndefined();

    await gb.spaces.mergeChangeRequest(s.space.id, moved.cr.id);
    expect(nav(await gb.spaces.listSpacePageMetaLinks(s.space.id, s.ids.guide!)).previous).toMatchObject({
      page: s.ids.last,
    });
    const old = await gb.spaces.listRevisionPageMetaLinks(s.space.id, s.revision, s.ids.guide!);
    expectCurrentShape("RevisionPageMetaLinks", old.data);
    expect(nav(old).previous).toBeUndefined();
    expect(nav(old).next).toMatchObject({ page: s.ids.install });
  });

  it("costs no round trip beyond the page list's read", async () => {
    const s = await treeSpace();
    const app = countedApp();
    const list = await app.request(`/spaces/${s.space.id}/content`, s.owner.token);
    expect(list.res.status).toBe(200);
    const links = await app.request(`/spaces/${s.space.id}/content/page/${s.ids.setup}/meta-links`, s.owner.token);
    expect(links.res.status).toBe(200);
    // The token rides the content's batch: one round trip in all, as for the page list.
    expect(links.roundTrips).toBe(1);
    const inRevision = await app.request(
      `/spaces/${s.space.id}/revisions/${s.revision}/page/${s.ids.setup}/meta-links`,
      s.owner.token,
    );
    expect(inRevision.roundTrips).toBe(1);
  });

  it("answers 404 for an unknown page, 401 without a token, 404 to another organization", async () => {
    const s = await treeSpace();
    const base = `/spaces/${s.space.id}/content/page`;
    const unknown = await api("GET", `${base}/nope/meta-links`, { token: s.owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 404, message: "Page not found" });
    expect((await api("GET", `${base}/${s.ids.setup}/meta-links`)).status).toBe(401);
    const outsider = (await seedOrganization("Elsewhere")).owner;
    for (const path of [
      `${base}/${s.ids.setup}/meta-links`,
      `/spaces/${s.space.id}/revisions/${s.revision}/page/${s.ids.setup}/meta-links`,
    ]) {
      const res = await api("GET", path, { token: outsider.token });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe(404);
    }
    const error = await clientError(
      currentClient(outsider.token).spaces.listChangeRequestPageMetaLinks(s.space.id, "1", s.ids.setup!),
    );
    expect(error).toMatchObject({ code: 404 });
    // An unknown revision or change request of the owner's own space.
    expect(
      (
        await api("GET", `/spaces/${s.space.id}/revisions/nope/page/${s.ids.setup}/meta-links`, {
          token: s.owner.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api("GET", `/spaces/${s.space.id}/change-requests/999/content/page/${s.ids.setup}/meta-links`, {
          token: s.owner.token,
        })
      ).status,
    ).toBe(404);
  });
});
