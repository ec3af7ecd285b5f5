import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

describe("sites", () => {
  it("creates, reads, lists with filters, updates, publishes, unpublishes and deletes a site", async () => {
    const { organization, owner } = await seedOrganization("Publisher");
    const gb = client(owner.token);
    const guide = (await gb.orgs.createSpace(organization.id, { title: "User Guide" })).data;
    const api_ = (await gb.orgs.createSpace(organization.id, { title: "API" })).data;

    const created = await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [guide.id, api_.id] } as never);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      object: "site",
      type: "basic",
      title: "Docs",
      visibility: "public",
      published: false,
      siteSpaces: 2,
      agentsContext: "included",
    });
    const site = created.data;
    const rows = await env.DB.prepare("SELECT path FROM site_spaces WHERE site_id = ? ORDER BY sort_key")
      .bind(site.id)
      .all<{ path: string }>();
    expect(rows.results.map((r) => r.path)).toEqual(["user-guide", "api"]);

    const empty = (await gb.orgs.createSite(organization.id, { title: "Blog", spaces: "empty" } as never)).data;
    expect(empty.siteSpaces).toBe(1);
    const bare = (await gb.orgs.createSite(organization.id, {} as never)).data;
    expect(bare.siteSpaces).toBe(0);

    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.title).toBe("Docs");
    const ids = async (query: Record<string, unknown>) =>
      (await gb.orgs.listSites(organization.id, query as never)).data.items.map((s) => s.id);
    expect(await ids({})).toEqual([site.id, empty.id, bare.id]);
    expect(await ids({ space: guide.id })).toEqual([site.id]);
    expect(await ids({ title: "blo" })).toEqual([empty.id]);

    const updated = await gb.orgs.updateSiteById(organization.id, site.id, {
      title: "Product docs",
      visibility: "unlisted",
      basename: "docs",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: "example.com/docs",
    } as never);
    expect(updated.data).toMatchObject({
      title: "Product docs",
      visibility: "unlisted",
      basename: "docs",
      agentsContext: "excluded",
      adaptiveContent: { enabled: true },
      proxy: { origin: "https://example.com/docs" },
    });

    expect((await gb.orgs.publishSite(organization.id, site.id)).data).toMatchObject({ published: true });
    expect(await ids({ published: true })).toEqual([site.id]);
    expect((await gb.orgs.unpublishSite(organization.id, site.id)).data.published).toBe(false);
    expect(((await gb.orgs.publishSite(organization.id, site.id)).data as { published: boolean }).published).toBe(true);

    // Deleting the site deletes its structure, never its spaces.
    expect((await api("DELETE", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token })).status).toBe(204);
    expect((await clientError(gb.orgs.getSiteById(organization.id, site.id))).code).toBe(404);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_spaces WHERE site_id = ?")
      .bind(site.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await gb.spaces.getSpaceById(guide.id)).data.id).toBe(guide.id);
  });

  it("lets `create` and up manage sites, members read them, outsiders get 404, and refuses bad input", async () => {
    const { organization, owner } = await seedOrganization();
    const creator = await seedMember(organization.id, "create");
    const reader = await seedMember(organization.id, "read");
    const outsider = await seedUser("outsider");
    const site = (await client(creator.token).orgs.createSite(organization.id, { title: "Mine" } as never)).data;
    expect((await client(reader.token).orgs.getSiteById(organization.id, site.id)).data.id).toBe(site.id);
    expect(
      (await clientError(client(reader.token).orgs.createSite(organization.id, { title: "No" } as never))).code,
    ).toBe(403);
    expect((await clientError(client(reader.token).orgs.publishSite(organization.id, site.id))).code).toBe(403);
    expect((await clientError(client(outsider.token).orgs.getSiteById(organization.id, site.id))).code).toBe(404);
    expect((await api("GET", `/orgs/${organization.id}/sites`)).status).toBe(401);

    const post = (body: unknown) => api("POST", `/orgs/${organization.id}/sites`, { token: owner.token, body });
    const patch = (body: unknown) =>
      api("PATCH", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token, body });
    for (const [res, field] of [
      [await post({ title: "x" }), /title/],
      [await post({ type: "gold" }), /type/],
      [await post({ visibility: "secret" }), /visibility/],
      [await post({ spaces: ["no-such-space"] }), /spaces/],
      [await patch({ proxy: "not a proxy" }), /proxy/],
      [await patch({ basename: "" }), /basename/],
      [await patch({ defaultSiteSpace: "nope" }), /defaultSiteSpace/],
      [await patch({ agentsContext: "maybe" }), /agentsContext/],
    ] as const) {
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
    const other = await seedOrganization("Other");
    const foreignSpace = (await client(other.owner.token).orgs.createSpace(other.organization.id, { title: "X" })).data;
    const foreign = await post({ spaces: [foreignSpace.id] });
    expect(foreign.status).toBe(400);
  });
});
