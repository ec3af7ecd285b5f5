import { describe, expect, it } from "vitest";
import { currentClient } from "../helpers/current-client";
import { api, client, clientError } from "../helpers/http";
import { spaceCount, withFailingInsert } from "../helpers/failing-insert";
import { seedMember, seedOrganization } from "../helpers/seed";

async function setup() {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  // A space with pages (from the built-in template), so that the copy's content can be compared.
  const space = (
    await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Guide", template: { id: "getting-started" } },
    })
  ).json as { id: string; title: string };
  return { organization, owner, gb, space, current: currentClient(owner.token) };
}

const listed = async (token: string, organizationId: string, siteId: string) =>
  (await api("GET", `/orgs/${organizationId}/sites/${siteId}/site-spaces`, { token })).json.items as {
    id: string;
    path: string;
    section?: string;
    space: { id: string; title: string };
  }[];

describe("duplicateSiteSpace (0.202)", () => {
  it("copies a root site space's space and publishes the copy right after it, at a free path", async () => {
    const { organization, owner, gb, space, current } = await setup();
    const other = (await gb.orgs.createSpace(organization.id, { title: "Other" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [space.id, other.id] } as never))
      .data;
    const [first] = await listed(owner.token, organization.id, site.id);
    const dup = await current.orgs.duplicateSiteSpace(organization.id, site.id, first!.id, {});
    expect(dup.status).toBe(201);
    expect(dup.data).toMatchObject({ object: "site-space", draft: false, default: false });
    expect(dup.data.space.id).not.toBe(space.id);
    expect(dup.data.space.title).toBe("Guide (copy)");
    const after = await listed(owner.token, organization.id, site.id);
    expect(after.map((s) => s.space.title)).toEqual(["Guide", "Guide (copy)", "Other"]);
    expect(new Set(after.map((s) => s.path)).size).toBe(3);
    // The copy holds the content: its pages are the original's.
    const pages = async (id: string) =>
      (await api("GET", `/spaces/${id}/content`, { token: owner.token })).json.pages.map(
        (p: { title: string }) => p.title,
      );
    expect((await pages(space.id)).length).toBeGreaterThan(0);
    expect(await pages(dup.data.space.id)).toEqual(await pages(space.id));
  });

  it("adds a variant beside others, and gives a section's only variant a new section after it", async () => {
    const { organization, owner, gb, space, current } = await setup();
    const other = (await gb.orgs.createSpace(organization.id, { title: "V2" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;
    const alone = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never)).data;
    const shared = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: other.id } as never)).data;
    await gb.orgs.addSpaceToSite(organization.id, site.id, { spaceId: space.id, sectionId: shared.id } as never);
    const sharedVariant = (await listed(owner.token, organization.id, site.id)).find(
      (s) => s.section === shared.id && s.space.id === other.id,
    )!;
    const variant = (await current.orgs.duplicateSiteSpace(organization.id, site.id, sharedVariant.id, {})).data;
    expect(variant.section).toBe(shared.id);

    const only = (await listed(owner.token, organization.id, site.id)).find((s) => s.section === alone.id)!;
    const moved = (await current.orgs.duplicateSiteSpace(organization.id, site.id, only.id, {})).data;
    expect(moved.section).toBeDefined();
    expect([alone.id, shared.id]).not.toContain(moved.section);
    const { data: structure } = await current.orgs.getSiteStructure(organization.id, site.id);
    const sections = structure.structure as { id: string; title: string; siteSpaces: { id: string }[] }[];
    expect(sections.map((s) => s.id)).toEqual([alone.id, moved.section, shared.id]);
    expect(sections[1]!.title).toBe(`${alone.title} (copy)`);
    expect(sections[1]!.siteSpaces.map((s) => s.id)).toEqual([moved.id]);
    expect(sections[2]!.siteSpaces).toHaveLength(3);
  });

  it("writes the copy and its place on the site in one batch: a failure or a removal racing it leaves no copy", async () => {
    const { organization, owner, gb, space } = await setup();
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [space.id] } as never)).data;
    const [first] = await listed(owner.token, organization.id, site.id);
    const before = await spaceCount(organization.id);
    const duplicate = (siteSpaceId: string) =>
      api("POST", `/orgs/${organization.id}/sites/${site.id}/site-spaces/${siteSpaceId}/duplicate`, {
        token: owner.token,
        body: {},
      });
    // The attachment fails (injected): the copy is not left behind.
    const failed = await withFailingInsert("site_spaces", () => duplicate(first!.id));
    expect(failed.status).toBe(500);
    expect(await spaceCount(organization.id)).toBe(before);
    // The original taken off the site while it is copied: either the copy lands with its place, or nothing does.
    const [copied, removed] = await Promise.all([
      duplicate(first!.id),
      api("DELETE", `/orgs/${organization.id}/sites/${site.id}/site-spaces/${first!.id}`, { token: owner.token }),
    ]);
    expect(removed.status).toBe(205);
    expect([201, 404]).toContain(copied.status);
    const onSite = await listed(owner.token, organization.id, site.id);
    expect(onSite.length).toBe(copied.status === 201 ? 1 : 0);
    expect(await spaceCount(organization.id)).toBe(before + onSite.length);
  });

  it("refuses drafts and unknown site spaces; 401, 403 to a reader, 404 to another organization", async () => {
    const { organization, owner, gb, space, current } = await setup();
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [space.id] } as never)).data;
    const [first] = await listed(owner.token, organization.id, site.id);
    const draft = await clientError(
      current.orgs.duplicateSiteSpace(organization.id, site.id, first!.id, { draft: true }),
    );
    expect(draft.code).toBe(400);
    const path = `/orgs/${organization.id}/sites/${site.id}/site-spaces/${first!.id}/duplicate`;
    expect((await api("POST", `${path.replace(first!.id, "nope")}`, { token: owner.token, body: {} })).status).toBe(
      404,
    );
    const reader = await seedMember(organization.id, "read");
    const other = await seedOrganization("Other");
    expect((await api("POST", path, { body: {} })).status).toBe(401);
    expect((await api("POST", path, { token: reader.token, body: {} })).status).toBe(403);
    expect((await api("POST", path, { token: other.owner.token, body: {} })).status).toBe(404);
    // Nothing was copied by the refusals: the organization still has its one space.
    const spaces = (await api("GET", `/orgs/${organization.id}/spaces`, { token: owner.token })).json.items;
    expect(spaces).toHaveLength(1);
  });
});
