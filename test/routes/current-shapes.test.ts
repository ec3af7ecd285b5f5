import spec from "gitbook-api-current/spec/openapi.json";
import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { publishedPublicSite } from "../helpers/sites";

/** A published site showing a space with a merged page, read through the 0.202 client. */
async function publishedWorld() {
  const s = await seedSpace("Shapes");
  const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "Guide", document: { markdown: "# Guide\n\nSome `code`.\n" } },
  ]);
  await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
  const site = await publishedPublicSite(s.api, s.organization.id, s.space.id);
  const gb = currentClient(s.owner.token);
  const { data: space } = await gb.spaces.getSpaceById(s.space.id);
  const { data: pages } = await gb.spaces.listPages(s.space.id);
  return { ...s, site, gb, space, page: pages.pages[0] as { id: string; path: string } };
}

/**
 * A page as a list gives it (no body). 0.202's RevisionPageDocument is `allOf` a `Document` whose bodiless
 * alternative ("Empty") has `additionalProperties: false`, which no page object can meet (GitBook's own answers
 * included); so a listed page is checked with an empty markdown body standing in, and its children each in turn.
 */
function expectListedPage(page: unknown) {
  const { pages, ...rest } = page as { pages?: unknown[]; type: string };
  if (rest.type === "document") expectCurrentShape("RevisionPageDocument", { ...rest, markdown: "", pages: [] });
  else expectCurrentShape("RevisionPage", { ...rest, ...(pages ? { pages: [] } : {}) });
  for (const child of pages ?? []) expectListedPage(child);
}

describe("published reads answer the 0.202 client's shapes", () => {
  it("the site, its spaces and structure, the published content site", async () => {
    const { organization, site, gb } = await publishedWorld();
    expectCurrentShape("Site", (await gb.orgs.getSiteById(organization.id, site.id)).data);
    expectCurrentShape("PublishedContentSite", (await gb.orgs.getPublishedContentSite(organization.id, site.id)).data);
    expectCurrentShape("SiteStructure", (await gb.orgs.getSiteStructure(organization.id, site.id)).data);
    const { data: siteSpaces } = await gb.orgs.listSiteSpaces(organization.id, site.id);
    expect(siteSpaces.items).toHaveLength(1);
    for (const item of siteSpaces.items) expectCurrentShape("SiteSpace", item);
  });

  it("the space, its revision, a page and its document", async () => {
    const { space, page, gb } = await publishedWorld();
    expectCurrentShape("Space", space);
    const revisionId = space.revision;
    const { data: revision } = await gb.spaces.getRevisionById(space.id, revisionId, { metadata: true });
    expect(revision.pages).toHaveLength(1);
    expectCurrentShape("Revision", { ...revision, pages: [] });
    for (const listed of revision.pages) expectListedPage(listed);
    expectCurrentShape("RevisionPage", (await gb.spaces.getPageById(space.id, page.id)).data);
    expectCurrentShape("RevisionPage", (await gb.spaces.getPageInRevisionById(space.id, revisionId, page.id)).data);
    const document = await gb.spaces.getPageDocumentInRevisionById(space.id, revisionId, page.id, {
      evaluated: "deterministic-only",
      dereferenced: "reusable-contents",
    });
    expectCurrentShape("JSONDocument", document.data);
  });
});

describe("the document reads take 0.202's evaluated and dereferenced values", () => {
  it("answers each value with the same document (Quire's documents hold no expressions nor reusable blocks)", async () => {
    const { space, page, owner } = await publishedWorld();
    const reads = [
      `/spaces/${space.id}/content/page/${page.id}`,
      `/spaces/${space.id}/content/path/${page.path}`,
      `/spaces/${space.id}/revisions/${space.revision}/page/${page.id}`,
      `/spaces/${space.id}/revisions/${space.revision}/page/${page.id}/document`,
      `/spaces/${space.id}/revisions/${space.revision}/path/${page.path}`,
    ];
    for (const path of reads) {
      const plain = await api("GET", path, { token: owner.token });
      expect(plain.status, path).toBe(200);
      for (const query of [
        "evaluated=deterministic-only&dereferenced=reusable-contents",
        "evaluated=true&dereferenced=true",
        "evaluated=false&dereferenced=false",
      ]) {
        const res = await api("GET", `${path}?${query}`, { token: owner.token });
        expect(res.status, `${path}?${query}`).toBe(200);
        expect(res.json).toEqual(plain.json);
      }
      for (const query of ["evaluated=sometimes", "dereferenced=reusable"]) {
        const res = await api("GET", `${path}?${query}`, { token: owner.token });
        expect(res.status, `${path}?${query}`).toBe(400);
      }
    }
  });

  it("documents both parameters as 0.202 does, on every operation 0.202 gives them", async () => {
    const served = (await (await workerFetch(`${ORIGIN}/openapi.json`)).json()) as OpenApi;
    const reference = spec as unknown as OpenApi;
    const wanted = parametersNamed(reference, ["evaluated", "dereferenced"]);
    expect(wanted.size).toBe(8);
    for (const [operation, parameters] of wanted) {
      const mine = parametersNamed(served, ["evaluated", "dereferenced"]).get(operation);
      for (const name of ["evaluated", "dereferenced"])
        expect(mine?.get(name), `${operation} ${name}`).toEqual(parameters.get(name));
    }
  });
});

type OpenApi = {
  paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>>;
  components?: { parameters?: Record<string, Parameter> };
};
type Parameter = { $ref?: string; name: string; in: string; schema?: { oneOf?: unknown[] } };

/** operationId → the named query parameters' schemas. */
function parametersNamed(doc: OpenApi, names: string[]) {
  const out = new Map<string, Map<string, NonNullable<Parameter["schema"]>>>();
  for (const operations of Object.values(doc.paths))
    for (const op of Object.values(operations)) {
      const found = (op.parameters ?? [])
        .map((p) => (p.$ref ? doc.components?.parameters?.[p.$ref.split("/").pop() ?? ""] : p))
        .filter((p): p is Parameter => p !== undefined)
        .filter((p) => p.in === "query" && names.includes(p.name));
      if (op.operationId && found.length) out.set(op.operationId, new Map(found.map((p) => [p.name, p.schema ?? {}])));
    }
  return out;
}

describe("customization: 0.202's socialAccounts, codeTheme and pageActions.items beside the 0.137 booleans", () => {
  it("derives items from the stored booleans, and stores what a 0.202 write sends", async () => {
    const { organization, site, api: gb137, gb } = await publishedWorld();
    const published = async () =>
      (await gb.orgs.getPublishedContentSite(organization.id, site.id)).data.customizations.site;
    const defaults = await published();
    expect(defaults.socialAccounts).toEqual([]);
    expect(defaults.styling.codeTheme).toEqual({
      default: { light: "default-light", dark: "default-dark" },
      openapi: { light: "default-light", dark: "default-dark" },
    });
    expect(defaults.pageActions).toEqual({
      externalAI: true,
      markdown: true,
      items: ["markdown", "external-ai", "mcp", "pdf"],
    });

    // A 0.137 write (no items): the items follow its booleans and its PDF setting.
    const { data: old } = await gb137.orgs.getSiteCustomizationById(organization.id, site.id);
    const { pageActions: _, ...rest } = old as typeof old & { pageActions: unknown };
    await gb137.orgs.updateSiteCustomizationById(organization.id, site.id, {
      ...rest,
      pageActions: { externalAI: true, markdown: false },
      pdf: { enabled: false },
    } as never);
    expect((await published()).pageActions).toEqual({
      externalAI: true,
      markdown: false,
      items: ["external-ai", "mcp"],
    });

    // A 0.202 write: items are the truth (the booleans follow), social accounts and code theme are kept.
    const current = await published();
    const codeTheme = {
      default: { light: "github-light" as const, dark: "github-dark" as const },
      openapi: { light: "one-light" as const, dark: "one-dark-pro" as const },
    };
    const socialAccounts = [{ platform: "github" as const, handle: "quire", display: { footer: true, header: false } }];
    await gb.orgs.updateSiteCustomizationById(organization.id, site.id, {
      ...current,
      styling: { ...current.styling, codeTheme },
      pageActions: { ...current.pageActions, items: ["markdown", "pdf"] },
      socialAccounts,
    } as never);
    const after = await published();
    expect(after.pageActions).toEqual({ externalAI: false, markdown: true, items: ["markdown", "pdf"] });
    expect(after.styling.codeTheme).toEqual(codeTheme);
    expect(after.socialAccounts).toEqual(socialAccounts);
    expectCurrentShape("SiteCustomizationSettings", after);
  });
});
