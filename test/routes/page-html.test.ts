// `format=html` on the page reads (Quire's own): the body as the published site renders it, links to pages at
// their `urls.app`, files at signed download URLs; kept per revision and page, so a second read costs nothing more.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PageEntry, Snapshot } from "../../src/content/model";
import { sha256Hex } from "../../src/lib/crypto";
import { forgetBodies } from "../../src/services/revisions/body-cache";
import { loadSnapshot } from "../../src/services/revisions/content-load";
import { commitRevision } from "../../src/services/revisions/content-writes";
import { forgetSnapshots } from "../../src/services/revisions/snapshot-cache";
import { forgetPageHtml } from "../../src/site/page-html";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";
import { countedAdminContext, countedApp } from "../helpers/counting-d1";
import { api, workerFetch } from "../helpers/http";

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

/**
 * Main of a new space: Alpha > Deep and Beta > Target, and a file. Deep links to Target (outside the part of the
 * revision a read of Deep brings), to Alpha, to the file, to an external site and to a page that does not exist.
 */
async function linkedSpace() {
  const seeded = await seedSpace();
  const { cr, response } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    {
      operation: "insert_files",
      files: [{ ref: "img", name: "img.png", contentType: "image/png", base64: btoa(String.fromCharCode(...png)) }],
    },
    { operation: "insert_page", ref: "alpha", title: "Alpha", document: { markdown: "Alpha body\n" } },
    { operation: "insert_page", ref: "beta", title: "Beta", document: { markdown: "Beta body\n" } },
  ]);
  const [alpha, beta] = [response.changes[0].page.id as string, response.changes[1].page.id as string];
  const file = response.insertedFiles[0].id as string;
  const more = await writeContent(seeded.owner.token, seeded.space.id, cr.id, [
    { operation: "insert_page", title: "Target", into: beta, document: { markdown: "# Target\n\n## Setup\n" } },
    { operation: "insert_page", title: "Deep", into: alpha, document: { markdown: "Deep\n" } },
  ]);
  const [target, deep] = more.json.changes.map((c: { page: { id: string } }) => c.page.id) as string[];
  const markdown = [
    "# Deep",
    "",
    `Go to [the target](/pages/${target}#setup), back [up](/pages/${alpha}), or [away](https://example.com/x).`,
    "",
    `![picture](/files/${file})`,
    "",
    "[nowhere](/pages/nope)",
    "",
    "## Details",
    "",
    '<script>alert("no")</script>',
    "",
  ].join("\n");
  await writeContent(seeded.owner.token, seeded.space.id, cr.id, [
    { operation: "update_page", page: deep, document: { markdown } },
  ]);
  const merged = await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id);
  return { ...seeded, cr, alpha, beta, target, deep, file, markdown, revision: merged.data.revision };
}

/**
 * Main of a new space becomes a 2,020-page tree three levels deep (20 sections of 10 chapters of 9 leaves), written
 * as one revision; leaf s7c3l5 links to a leaf of another section, to its sibling and to its section.
 */
async function bigTree() {
  const seeded = await seedSpace("Two thousand");
  const { ctx } = countedAdminContext(env, seeded.owner, seeded.organization.id);
  const [{ revisionId }] = await env.DB.prepare("SELECT revision_id AS revisionId FROM spaces WHERE id = ?")
    .bind(seeded.space.id)
    .all<{ revisionId: string }>()
    .then((r) => r.results);
  const base = await loadSnapshot(ctx, seeded.space.id, revisionId);
  const next: Snapshot = { ...base, pages: new Map(), parentOf: new Map(), children: new Map([[null, []]]) };
  const bodies = new Map<string, string>();
  const add = async (parent: string | null, id: string, slug: string) => {
    const markdown =
      id === "s7c3l5"
        ? "Far [leaf](/pages/s12c8l1), [sibling](/pages/s7c3l4), [section](/pages/s7)."
        : `Body of ${id}.`;
    const body = await sha256Hex(markdown);
    bodies.set(body, markdown);
    const entry: PageEntry = { id, type: "document", title: slug, slug, body, createdAt: 1, updatedAt: 1 };
    next.pages.set(id, entry);
    next.parentOf.set(id, parent);
    next.children.set(parent, [...(next.children.get(parent) ?? []), id]);
  };
  for (let s = 0; s < 20; s++) {
    await add(null, `s${s}`, `section-${s}`);
    for (let c = 0; c < 10; c++) {
      await add(`s${s}`, `s${s}c${c}`, `chapter-${c}`);
      for (let l = 0; l < 9; l++) await add(`s${s}c${c}`, `s${s}c${c}l${l}`, `leaf-${l}`);
    }
  }
  const done = await commitRevision(ctx, seeded.space.id, base, next, bodies, {
    revisionId: `tree-${seeded.space.id}`,
    type: "edits",
    parents: [revisionId],
    changeRequestId: null,
    casSpace: { expectedRevision: revisionId },
  });
  expect(done.committed).toBe(true);
  return seeded;
}

/** Forgets every revision, body and render this isolate holds: the next read is cold. */
function cold() {
  forgetSnapshots();
  forgetBodies();
  forgetPageHtml();
}

/** The html with its signed file URLs' expiry and signature taken out (each read signs anew). */
const unsigned = (html: string) => html.replace(/expires=\d+&amp;signature=[\w-]+/g, "expires&amp;signature");

describe("format=html on the page reads", () => {
  it("answers the page as without format, plus the site's rendering of its body with links resolved", async () => {
    const s = await linkedSpace();
    const path = `/spaces/${s.space.id}/content/page/${s.deep}`;
    const plain = await api("GET", path, { token: s.owner.token });
    expect(plain.status).toBe(200);
    expect(plain.json.html).toBeUndefined();
    expect(plain.json.outline).toBeUndefined();

    const res = await api("GET", `${path}?format=html`, { token: s.owner.token });
    expect(res.status).toBe(200);
    const { html, outline, ...rest } = res.json;
    // The page as without `format`, markdown included.
    expect(rest).toEqual(plain.json);
    expect(rest.markdown).toBe(s.markdown);
    expect(outline).toEqual([
      { id: "deep", text: "Deep", depth: 1 },
      { id: "details", text: "Details", depth: 2 },
    ]);

    // Links to pages go to those pages' urls.app (with the anchor), as the page reads present them.
    const target = (await api("GET", `/spaces/${s.space.id}/content/page/${s.target}`, { token: s.owner.token })).json;
    const alpha = (await api("GET", `/spaces/${s.space.id}/content/page/${s.alpha}`, { token: s.owner.token })).json;
    expect(target.urls.app).toMatch(new RegExp(`/s/${s.space.id}/beta/target$`));
    expect(html).toContain(`<a href="${target.urls.app}#setup">the target</a>`);
    expect(html).toContain(`<a href="${alpha.urls.app}">up</a>`);
    // External links as a site with default settings shows them; unknown pages as broken links.
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">away</a>');
    expect(html).toMatch(/<span class="broken-link" title="Broken link">nowhere<\/span>/);
    // Sanitized as on the site: no script survives.
    expect(html).not.toContain("<script");
    expect(html).toContain('<h2 id="details">');

    // The file at a download URL signed for this read, which serves it.
    const src = /<img src="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(src).toMatch(/\/v1\/spaces\/[^/]+\/files\/[0-9a-f]+\/download\?name=img\.png&/);
    expect(html).toMatch(/<img src="[^"]+" alt="picture" loading="lazy" width="2" height="3">/);
    const download = await workerFetch(src!);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
  });

  it("renders a cold read in one more round trip, and serves the next read from the kept render", async () => {
    const s = await linkedSpace();
    const { request } = countedApp();
    const path = `/spaces/${s.space.id}/content/page/${s.deep}`;

    cold();
    const first = await request(`${path}?format=html`, s.owner.token);
    expect(first.res.status).toBe(200);
    const read = await first.res.json<any>();
    // The page's part of the revision (one round trip, as a markdown read), then what it links to outside it.
    expect(first.roundTrips).toBe(2);
    expect(first.rows).toBeLessThan(30);
    expect(read.html).toMatch(new RegExp(`href="[^"]*/s/${s.space.id}/beta/target#setup"`));
    expect(read.html).toMatch(/<img src="[^"]+\/download\?name=img\.png&amp;type=image%2Fpng&amp;expires=/);

    const again = await request(`${path}?format=html`, s.owner.token);
    expect(again.res.status).toBe(200);
    const warm = await again.res.json<any>();
    // Nothing is read for the body's links: the render of this revision's page is kept.
    expect(again.roundTrips).toBe(1);
    expect(again.statements.some((q) => q.includes("json_each(b.data)"))).toBe(false);
    expect(unsigned(warm.html)).toBe(unsigned(read.html));
    const markdownRead = await request(path, s.owner.token);
    expect(markdownRead.roundTrips).toBe(again.roundTrips);

    // From the whole revision (a listing brings it into the isolate), the same rendering.
    forgetPageHtml();
    await request(`/spaces/${s.space.id}/content`, s.owner.token);
    const whole = await request(`${path}?format=html`, s.owner.token);
    expect(whole.roundTrips).toBe(1);
    expect(unsigned((await whole.res.json<any>()).html)).toBe(unsigned(read.html));
  });

  it("resolves links outside the part of a 2,000-page revision a cold read brings in O(depth) rows", async () => {
    const { owner, space } = await bigTree();
    const { request } = countedApp();
    cold();
    const markdown = await request(`/spaces/${space.id}/content/page/s7c3l5`, owner.token);
    cold();
    const first = await request(`/spaces/${space.id}/content/page/s7c3l5?format=html`, owner.token);
    expect(first.res.status).toBe(200);
    const { html } = await first.res.json<{ html: string }>();
    const app = `https://app.quire.test/s/${space.id}`;
    expect(html).toBe(
      `<p>Far <a href="${app}/section-12/chapter-8/leaf-1">leaf</a>, <a href="${app}/section-7/chapter-3/leaf-4">` +
        `sibling</a>, <a href="${app}/section-7">section</a>.</p>`,
    );
    // The markdown read's round trip and rows, then the far leaf's path: three steps down its chain. Inside D1
    // that chain costs O(depth) node lookups (and their entries), not the 221 levels of the revision.
    expect(markdown.roundTrips).toBe(1);
    expect(first.roundTrips).toBe(2);
    expect(first.rows).toBe(markdown.rows + 3);
    expect(first.rowsRead - markdown.rowsRead).toBeLessThan(150);
  });

  it("keeps a revision's rendering: a page read of a past revision shows it as it was", async () => {
    const s = await linkedSpace();
    const revisionPath = `/spaces/${s.space.id}/revisions/${s.revision}/page/${s.target}?format=html`;
    const before = await api("GET", revisionPath, { token: s.owner.token });
    expect(before.status).toBe(200);
    expect(before.json.html).toContain('<h2 id="setup">');
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.target, document: { markdown: "# Target\n\n## Moved on\n" } },
    ]);
    // The change request's own read renders its head.
    const inCr = await api(
      "GET",
      `/spaces/${s.space.id}/change-requests/${cr.id}/content/page/${s.target}?format=html`,
      {
        token: s.owner.token,
      },
    );
    expect(inCr.status).toBe(200);
    expect(inCr.json.html).toContain('<h2 id="moved-on">');
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    const main = await api("GET", `/spaces/${s.space.id}/content/path/beta/target?format=html`, {
      token: s.owner.token,
    });
    expect(main.json.html).toContain('<h2 id="moved-on">');
    const after = await api("GET", revisionPath, { token: s.owner.token });
    expect(after.json.html).toBe(before.json.html);
  });

  it("is documented on every page read as a Quire extension", async () => {
    const doc = await (await workerFetch("https://api.quire.test/openapi.json")).json<any>();
    const reads = [
      "/spaces/{spaceId}/content/page/{pageId}",
      "/spaces/{spaceId}/content/path/{pagePath}",
      "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}",
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
    ];
    for (const path of reads) {
      const format = doc.paths[`/v1${path}`].get.parameters.find((p: { name: string }) => p.name === "format");
      expect(format.schema.enum, path).toEqual(["document", "markdown", "html"]);
      expect(format.description ?? format.schema.description, path).toMatch(/Quire extension/);
    }
  });

  it("answers 404 for a missing page, 400 for an unknown format, and guards the read as without format", async () => {
    const s = await linkedSpace();
    const page = `/spaces/${s.space.id}/content/page/${s.deep}?format=html`;
    for (const missing of [
      `/spaces/${s.space.id}/content/page/nope?format=html`,
      `/spaces/${s.space.id}/content/path/alpha/nope?format=html`,
      `/spaces/${s.space.id}/revisions/${s.revision}/page/nope?format=html`,
    ]) {
      const res = await api("GET", missing, { token: s.owner.token });
      expect(res.status, missing).toBe(404);
      expect(res.json.error.code).toBe(404);
    }
    const bad = await api("GET", `/spaces/${s.space.id}/content/page/${s.deep}?format=htm`, { token: s.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: { code: 400, message: expect.stringMatching(/^query\.format/) } });
    expect((await api("GET", page)).status).toBe(401);
    const outsider = await seedSpace("Other");
    const foreign = await api("GET", page, { token: outsider.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe(404);
  });
});
