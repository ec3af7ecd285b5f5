import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";
import { seedUser } from "../helpers/seed";
import { TEMPLATES } from "../../src/templates/catalog";

const revisionCount = async (spaceId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM revisions WHERE space_id = ? AND change_request_id IS NULL")
    .bind(spaceId)
    .first<{ n: number }>())!.n;

type Tree = { title: string; pages?: Tree[] };
const titles = (pages: Tree[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));
const markdownOf = async (gb: ReturnType<typeof client>, spaceId: string, pageId: string) =>
  ((await gb.spaces.getPageById(spaceId, pageId, { format: "markdown" })).data as any).markdown as string;

describe("applyTemplateToSpace", () => {
  it("offers the six required templates", () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual(
      expect.arrayContaining(["getting-started", "product-docs", "api-reference", "faq", "changelog", "internal-wiki"]),
    );
  });

  it.each(TEMPLATES.map((t) => t.id))("applies %s as exactly one new revision with nested pages", async (id) => {
    const { space, api: gb } = await seedSpace();
    expect(await revisionCount(space.id)).toBe(1);
    const res = await gb.spaces.applyTemplateToSpace(space.id, { id });
    expect(res.status).toBe(201);
    expect(await revisionCount(space.id)).toBe(2);
    const after = (await gb.spaces.getSpaceById(space.id)).data;
    expect(after.revision).not.toBe(space.revision);
    const { pages } = (await gb.spaces.listPages(space.id)).data as { pages: Tree[] };
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.some((p) => (p.pages?.length ?? 0) > 0)).toBe(true); // nested
    // Every page has real content.
    const flat: any[] = [];
    const walk = (list: any[]) => {
      for (const p of list) {
        flat.push(p);
        walk(p.pages ?? []);
      }
    };
    walk(pages);
    for (const page of flat) expect((await markdownOf(gb, space.id, page.id)).length).toBeGreaterThan(40);
  });

  it("resolves links between template pages and keeps existing pages", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Existing", document: { markdown: "mine\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    await gb.spaces.applyTemplateToSpace(space.id, { id: "getting-started" });
    const { pages } = (await gb.spaces.listPages(space.id)).data as any;
    expect(titles(pages)).toEqual([
      "Existing",
      "Welcome",
      "Quickstart",
      ["Writing content", ["Formatting", "Images and files"]],
    ]);
    const welcome = await markdownOf(gb, space.id, pages[1].id);
    expect(welcome).toContain(`(/pages/${pages[2].id})`);
    expect(welcome).toContain(`(/pages/${pages[3].id})`);
  });

  it("links the given content references", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr, response } = await changeRequestWith(owner.token, space.id, [
      {
        operation: "insert_files",
        files: [{ name: "openapi.yaml", contentType: "text/yaml", base64: btoa("openapi: 3.1.0\n") }],
      },
    ]);
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const fileId = response.insertedFiles[0].id as string;
    await gb.spaces.applyTemplateToSpace(space.id, {
      id: "api-reference",
      params: { contentRefs: { openapi: { kind: "file", file: fileId } } },
    });
    const intro = ((await gb.spaces.listPages(space.id)).data as any).pages[0];
    expect(intro.title).toBe("Introduction");
    expect(await markdownOf(gb, space.id, intro.id)).toContain(`[OpenAPI specification](/files/${fileId})`);

    const other = await seedSpace();
    await other.api.spaces.applyTemplateToSpace(other.space.id, {
      id: "api-reference",
      params: { contentRefs: { openapi: { kind: "openapi", spec: "petstore" } } },
    });
    const otherIntro = ((await other.api.spaces.listPages(other.space.id)).data as any).pages[0];
    expect(await markdownOf(other.api, other.space.id, otherIntro.id)).toContain("`petstore`");
  });

  it("refuses unknown templates, keys, kinds and references with 400, writing nothing", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const bodies: unknown[] = [
      { id: "no-such-template" },
      {},
      { id: "" },
      { id: "faq", params: { contentRefs: { nope: { kind: "url", url: "https://example.com" } } } },
      { id: "faq", params: { contentRefs: { support: { kind: "file", file: "x" } } } },
      { id: "faq", params: { contentRefs: { support: { kind: "url" } } } },
      { id: "faq", params: { contentRefs: { support: { kind: "url", url: "javascript:alert(1)" } } } },
      { id: "faq", params: { contentRefs: { support: "https://example.com" } } },
      { id: "api-reference", params: { contentRefs: { openapi: { kind: "file", file: "missing" } } } },
      { id: "getting-started", params: { contentRefs: { constructor: { kind: "url", url: "https://x.test" } } } },
    ];
    for (const body of bodies) {
      const res = await api("POST", `/spaces/${space.id}/content/template`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
    }
    const unknown = await clientError(gb.spaces.applyTemplateToSpace(space.id, { id: "no-such-template" }));
    expect(unknown.code).toBe(400);
    expect(unknown.errorMessage).toContain("no-such-template");
    expect(await revisionCount(space.id)).toBe(1);
  });

  it("answers 401, 403 and 404 across the permission boundary, and 403 on a locked space", async () => {
    const { organization, space, owner, api: gb } = await seedSpace();
    expect((await api("POST", `/spaces/${space.id}/content/template`, { body: { id: "faq" } })).status).toBe(401);
    const reader = await seedSpaceMember(organization.id, "read");
    expect((await clientError(client(reader.token).spaces.applyTemplateToSpace(space.id, { id: "faq" }))).code).toBe(
      403,
    );
    const outsider = await seedUser("outsider");
    expect((await clientError(client(outsider.token).spaces.applyTemplateToSpace(space.id, { id: "faq" }))).code).toBe(
      404,
    );
    expect((await clientError(gb.spaces.applyTemplateToSpace("missing-space", { id: "faq" }))).code).toBe(404);
    await gb.spaces.updateSpaceById(space.id, { editMode: "locked" as never });
    expect((await clientError(gb.spaces.applyTemplateToSpace(space.id, { id: "faq" }))).code).toBe(403);
    const editor = await seedSpaceMember(organization.id, "edit");
    await gb.spaces.updateSpaceById(space.id, { editMode: "live" as never });
    expect((await client(editor.token).spaces.applyTemplateToSpace(space.id, { id: "faq" })).status).toBe(201);
    expect(await revisionCount(space.id)).toBe(2);
    void owner;
  });
});

describe("createSpace with a template", () => {
  it("creates the space with the template's pages as its first and only revision", async () => {
    const { space, organization, api: gb } = await seedSpace();
    void space;
    const { data: created } = await gb.orgs.createSpace(organization.id, {
      title: "Wiki",
      template: { id: "internal-wiki" },
    } as any);
    expect(await revisionCount(created.id)).toBe(1);
    const { pages } = (await gb.spaces.listPages(created.id)).data as any;
    expect(titles(pages)).toEqual([
      "Team home",
      "Onboarding",
      ["Processes", ["Code review", "Incident response"]],
      "Tools",
      "Meeting notes",
    ]);
    expect(await markdownOf(gb, created.id, pages[2].pages[1].id)).toContain("## When something breaks");

    // Locked spaces can be created from a template too (the template is the creation, not an edit).
    const { data: locked } = await gb.orgs.createSpace(organization.id, {
      editMode: "locked",
      template: { id: "changelog" },
    } as any);
    expect(((await gb.spaces.listPages(locked.id)).data as any).pages[0].title).toBe("Changelog");
  });

  it("refuses an unknown template or a reference to missing content with 400 and creates nothing", async () => {
    const { organization, owner } = await seedSpace();
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM spaces WHERE organization_id = ?")
        .bind(organization.id)
        .first<{ n: number }>())!.n;
    const before = await count();
    for (const template of [
      { id: "nope" },
      { id: "product-docs", params: { contentRefs: { logo: { kind: "file", file: "f" } } } },
      { nope: 1 },
    ]) {
      const res = await api("POST", `/orgs/${organization.id}/spaces`, {
        token: owner.token,
        body: { title: "T", template },
      });
      expect(res.status, JSON.stringify(template)).toBe(400);
      expect(res.json.error.message).toMatch(/template/);
    }
    expect(await count()).toBe(before);
  });
});
