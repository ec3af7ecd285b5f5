import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { adaptiveSite } from "../helpers/adaptive";
import { seedMember, seedOrganization } from "../helpers/seed";

/** A site with one section (a space) and a section group holding a second one. */
async function sectionSite() {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const space = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const other = (await gb.orgs.createSpace(organization.id, { title: "Api" })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", visibility: "public" } as never)).data;
  const section = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never)).data;
  const grouped = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: other.id } as never)).data;
  const group = (
    await api("POST", `/orgs/${organization.id}/sites/${site.id}/section-groups`, {
      token: owner.token,
      body: { title: "Reference", sections: [grouped.id] },
    })
  ).json;
  return { organization, owner, site, section, group, current: currentClient(owner.token) };
}

describe("external links in a site's navigation (0.202)", () => {
  it("adds links at the top level and in a group, in the structure's order, through the 0.202 client", async () => {
    const { organization, site, section, group, current } = await sectionSite();
    const added = await current.orgs.addExternalLinkToSite(organization.id, site.id, {
      title: "Status",
      url: "https://status.example.com/",
      icon: "signal",
    });
    expect(added.status).toBe(201);
    expectCurrentShape("SiteExternalLink", added.data);
    expect(added.data).toMatchObject({ object: "site-external-link", title: "Status", draft: false });
    const inGroup = (
      await current.orgs.addExternalLinkToSite(organization.id, site.id, {
        title: "Changelog",
        url: "https://example.com/changelog",
        parent: group.id,
      })
    ).data;
    expect(inGroup.sectionGroup).toBe(group.id);

    const { data: structure } = await current.orgs.getSiteStructure(organization.id, site.id);
    expect(structure.type).toBe("sections");
    const top = structure.structure as { object: string; id: string; children?: { object: string; id: string }[] }[];
    expect(top.map((i) => [i.object, i.id])).toEqual([
      ["site-section", section.id],
      ["site-section-group", group.id],
      ["site-external-link", added.data.id],
    ]);
    expect(top[1]!.children!.map((c) => c.object)).toEqual(["site-section", "site-external-link"]);
    expect(top[1]!.children![1]!.id).toBe(inGroup.id);
    // Links in the structure are 0.202's SiteExternalLink (Space objects lack 0.202's `mergeRules`: not checked).
    expectCurrentShape("SiteExternalLink", top[2]);
    expectCurrentShape("SiteExternalLink", top[1]!.children![1]);
  });

  it("updates, moves and deletes a link (204 with Prefer: return=minimal, 205 then 204 on delete)", async () => {
    const { organization, owner, site, group, current } = await sectionSite();
    const link = (
      await current.orgs.addExternalLinkToSite(organization.id, site.id, {
        title: "Blog",
        url: "https://blog.example.com",
        parent: group.id,
      })
    ).data;
    const moved = await current.orgs.updateSiteExternalLinkById(organization.id, site.id, link.id, {
      title: "Our blog",
      parent: null,
      description: "News",
    });
    expect(moved.status).toBe(200);
    expectCurrentShape("SiteExternalLink", moved.data);
    expect(moved.data).toMatchObject({ title: "Our blog", description: "News" });
    expect(moved.data.sectionGroup).toBeUndefined();
    const minimal = await api("PATCH", `/orgs/${organization.id}/sites/${site.id}/external-links/${link.id}`, {
      token: owner.token,
      body: { draft: true },
      headers: { prefer: "return=minimal" },
    });
    expect(minimal.status).toBe(204);
    expect(minimal.text).toBe("");
    const path = `/orgs/${organization.id}/sites/${site.id}/external-links/${link.id}`;
    expect((await current.orgs.deleteSiteExternalLinkById(organization.id, site.id, link.id)).status).toBe(205);
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await api("PATCH", path, { token: owner.token, body: { title: "Gone" } })).status).toBe(404);
  });

  it("moves a link with sortSiteStructure: before a section, then into a group", async () => {
    const { organization, site, section, group, current } = await sectionSite();
    const link = (
      await current.orgs.addExternalLinkToSite(organization.id, site.id, { title: "Docs", url: "https://example.com/" })
    ).data;
    const order = async () =>
      ((await current.orgs.getSiteStructure(organization.id, site.id)).data.structure as { id: string }[]).map(
        (i) => i.id,
      );
    expect(await order()).toEqual([section.id, group.id, link.id]);
    const moved = await current.orgs.sortSiteStructure(organization.id, site.id, {
      item: { type: "site-external-link", id: link.id },
      position: { before: { type: "site-section", id: section.id } },
    });
    expect(moved.data).toMatchObject({ object: "site-external-link", id: link.id });
    expect(await order()).toEqual([link.id, section.id, group.id]);
    // Naming a grouped section takes the link into that group, after it.
    const grouped = (group.sections as { id: string }[])[0]!;
    await current.orgs.sortSiteStructure(organization.id, site.id, {
      item: { type: "site-external-link", id: link.id },
      position: { after: { type: "site-section", id: grouped.id } },
    });
    expect(await order()).toEqual([section.id, group.id]);
    const { data } = await current.orgs.getSiteStructure(organization.id, site.id);
    const children = (data.structure[1] as { children: { id: string }[] }).children.map((c) => c.id);
    expect(children).toEqual([grouped.id, link.id]);
  });

  it("refuses what is not a link: a non-http URL, a foreign parent, a site without sections", async () => {
    const { organization, owner, site, current } = await sectionSite();
    const base = `/orgs/${organization.id}/sites/${site.id}/external-links`;
    for (const url of ["javascript:alert(1)", "ftp://example.com/x", "/relative"]) {
      const res = await api("POST", base, { token: owner.token, body: { title: "Bad", url } });
      expect(res.status, url).toBe(400);
      expect(res.json.error.message).toMatch(/url/);
    }
    const badParent = await clientError(
      current.orgs.addExternalLinkToSite(organization.id, site.id, {
        title: "Lost",
        url: "https://example.com",
        parent: "nope",
      }),
    );
    expect(badParent.code).toBe(400);
    expect(badParent.errorMessage).toMatch(/parent/);
    const simple = (await client(owner.token).orgs.createSite(organization.id, { title: "Simple" } as never)).data;
    const refused = await clientError(
      current.orgs.addExternalLinkToSite(organization.id, simple.id, { title: "No", url: "https://example.com" }),
    );
    expect(refused.code).toBe(400);
    expect(refused.errorMessage).toMatch(/sections/);
  });

  it("answers 401 anonymous, 403 to a reader, 404 to another organization", async () => {
    const { organization, site } = await sectionSite();
    const reader = await seedMember(organization.id, "read");
    const other = await seedOrganization("Other");
    const path = `/orgs/${organization.id}/sites/${site.id}/external-links`;
    const body = { title: "Link", url: "https://example.com" };
    expect((await api("POST", path, { body })).status).toBe(401);
    expect((await api("POST", path, { token: reader.token, body })).status).toBe(403);
    expect((await api("POST", path, { token: other.owner.token, body })).status).toBe(404);
  });

  it("renders live links in the published site's navigation, in order, and leaves drafts out", async () => {
    const { organization, owner, site, current } = await sectionSite();
    await current.orgs.addExternalLinkToSite(organization.id, site.id, {
      title: "Status page",
      url: "https://status.example.com/",
    });
    await current.orgs.addExternalLinkToSite(organization.id, site.id, {
      title: "Secret draft",
      url: "https://draft.example.com/",
      draft: true,
    });
    await client(owner.token).orgs.publishSite(organization.id, site.id);
    const html = await (await workerFetch(`https://api.quire.test/~site/${site.id}/`)).text();
    const tabs = html.slice(html.indexOf('class="section-tabs"'));
    expect(tabs).toContain('href="https://status.example.com/"');
    expect(tabs.indexOf("Guide")).toBeLessThan(tabs.indexOf("Status page"));
    expect(html).not.toContain("draft.example.com");

    // The published structure leaves drafts out too; the members' structure shows them as drafts.
    const published = await current.orgs.getPublishedContentSite(organization.id, site.id);
    const titles = JSON.stringify(published.data.structure);
    expect(titles).toContain("Status page");
    expect(titles).not.toContain("Secret draft");
    const members = JSON.stringify((await current.orgs.getSiteStructure(organization.id, site.id)).data);
    expect(members).toContain('"draft":true');
    // Anonymous readers of the published site's structure do not see the draft.
    const anonymous = await api("GET", `/orgs/${organization.id}/sites/${site.id}/structure`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toContain("Status page");
    expect(anonymous.text).not.toContain("Secret draft");
  });
});

describe("external links and adaptive content", () => {
  it("shows a link whose condition is true for the visitor's claims, and hides it otherwise", async () => {
    const s = await adaptiveSite("visitor-auth");
    const added = await currentClient(s.owner.token).orgs.addExternalLinkToSite(s.organization.id, s.site.id, {
      title: "Beta forum",
      url: "https://forum.example.com/beta",
      condition: s.betaCondition,
    });
    expect(added.data.condition).toBe(s.betaCondition);
    // A claim the site's schema does not declare is refused, as for a section.
    const undeclared = await api("POST", `/orgs/${s.organization.id}/sites/${s.site.id}/external-links`, {
      token: s.owner.token,
      body: { title: "Bad", url: "https://example.com", condition: "visitor.claims.nope" },
    });
    expect(undeclared.status).toBe(400);
    const page = async (claims: Record<string, unknown>) =>
      (await workerFetch(`https://api.quire.test/~site/${s.site.id}/?jwt_token=${await s.token(claims)}`)).text();
    expect(await page({ beta: true })).toContain("forum.example.com/beta");
    expect(await page({ beta: false })).not.toContain("forum.example.com/beta");
    // The structure a visitor reads through the API follows the same rule, and carries no condition text.
    const structure = async (claims: Record<string, unknown>) =>
      (
        await api("GET", `/orgs/${s.organization.id}/sites/${s.site.id}/structure`, {
          headers: { "X-Quire-Visitor-Token": await s.token(claims) },
        })
      ).text;
    expect(await structure({ beta: true })).toContain("Beta forum");
    expect(await structure({ beta: true })).not.toContain("visitor.claims.beta");
    expect(await structure({})).not.toContain("Beta forum");
  });
});
