import { describe, expect, it } from "vitest";
import { currentClient } from "../helpers/current-client";
import { api, client, clientError } from "../helpers/http";
import { spaceCount, withFailingInsert } from "../helpers/failing-insert";
import { seedMember, seedOrganization } from "../helpers/seed";

describe("applyTemplateToSite (0.202)", () => {
  it("gives an empty site a space of the default template, published at its root as its default", async () => {
    const { organization, owner } = await seedOrganization();
    const site = (await client(owner.token).orgs.createSite(organization.id, { title: "Handbook" } as never)).data;
    const applied = await currentClient(owner.token).orgs.applyTemplateToSite(organization.id, site.id);
    expect(applied.status).toBe(200);
    const siteSpaces = (
      await api("GET", `/orgs/${organization.id}/sites/${site.id}/site-spaces`, { token: owner.token })
    ).json.items;
    expect(siteSpaces).toHaveLength(1);
    expect(siteSpaces[0]).toMatchObject({ default: true, space: { title: "Handbook" } });
    const content = await api("GET", `/spaces/${siteSpaces[0].space.id}/content`, { token: owner.token });
    expect(content.json.pages.length).toBeGreaterThan(0);
    // The same pages as the template gives a space created from it.
    const sample = await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Sample", template: { id: "getting-started" } },
    });
    const samplePages = (await api("GET", `/spaces/${sample.json.id}/content`, { token: owner.token })).json.pages;
    const titles = (pages: { title: string }[]) => pages.map((p) => p.title);
    expect(titles(content.json.pages)).toEqual(titles(samplePages));

    // Not again: the site is no longer empty (409), and no second space was made.
    const again = await clientError(currentClient(owner.token).orgs.applyTemplateToSite(organization.id, site.id));
    expect(again.code).toBe(409);
    const spaces = (await api("GET", `/orgs/${organization.id}/spaces`, { token: owner.token })).json.items;
    expect(spaces).toHaveLength(2);
  });

  it("writes the space and its place on the site in one batch: a failure or a race leaves no space outside", async () => {
    const { organization, owner } = await seedOrganization();
    const site = (await client(owner.token).orgs.createSite(organization.id, { title: "Docs" } as never)).data;
    const before = await spaceCount(organization.id);
    const apply = () => api("POST", `/orgs/${organization.id}/sites/${site.id}/template`, { token: owner.token });
    // The attachment fails (injected): the template's space is not left behind.
    const failed = await withFailingInsert("site_spaces", apply);
    expect(failed.status).toBe(500);
    expect(await spaceCount(organization.id)).toBe(before);
    // Two applies at once: one wins, the other is 409 and made nothing.
    const results = await Promise.all([apply(), apply()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await spaceCount(organization.id)).toBe(before + 1);
  });

  it("answers 401 anonymous, 403 to a reader, 404 to another organization", async () => {
    const { organization, owner } = await seedOrganization();
    const site = (await client(owner.token).orgs.createSite(organization.id, { title: "Docs" } as never)).data;
    const reader = await seedMember(organization.id, "read");
    const other = await seedOrganization("Other");
    const path = `/orgs/${organization.id}/sites/${site.id}/template`;
    expect((await api("POST", path)).status).toBe(401);
    expect((await api("POST", path, { token: reader.token })).status).toBe(403);
    expect((await api("POST", path, { token: other.owner.token })).status).toBe(404);
  });
});
