import { describe, expect, it } from "vitest";
import { currentClient } from "../helpers/current-client";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

async function siteWithSpace() {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const space = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [space.id] } as never)).data;
  const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
  return { organization, owner, site, siteSpace, current: currentClient(owner.token) };
}

const sources = async (token: string, organizationId: string, siteId: string) =>
  (await api("GET", `/orgs/${organizationId}/sites/${siteId}/redirects`, { token })).json.items
    .map((r: { source: string; destination: unknown }) => [r.source, r.destination])
    .sort();

describe("bulkUpsertSiteRedirects (0.202)", () => {
  it("creates, updates and deletes live redirects by source, with a result per item", async () => {
    const { organization, owner, site, siteSpace, current } = await siteWithSpace();
    const to = { kind: "site-space" as const, siteSpaceId: siteSpace.id };
    const first = await current.orgs.bulkUpsertSiteRedirects(organization.id, site.id, {
      redirects: [
        { source: "/a", destination: to },
        { source: "/b", destination: to, intent: "live", permanent: true },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.data.results.map((r) => [r.status, r.source, r.draft])).toEqual([
      ["created", "/a", false],
      ["created", "/b", false],
    ]);
    const aId = (first.data.results[0] as { id: string }).id;
    const second = await current.orgs
      .bulkUpsertSiteRedirects(organization.id, site.id, {
        redirects: [{ source: "/a", destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: "missing" } }],
      })
      .catch((e) => e);
    // A page that is not in the site space's content is refused as createSiteRedirect refuses it.
    expect(second.code).toBe(400);
    expect(second.errorMessage).toMatch(/redirects\.0\.destination\.pageId/);
    const third = await current.orgs.bulkUpsertSiteRedirects(organization.id, site.id, {
      redirects: [
        { source: "/a", destination: { kind: "site-space", siteSpaceId: siteSpace.id } },
        { source: "/b", destination: null },
        { source: "/c", destination: to },
      ],
    });
    expect(third.data.results.map((r) => r.status)).toEqual(["updated", "deleted", "created"]);
    expect((third.data.results[0] as { id: string }).id).toBe(aId);
    expect(await sources(owner.token, organization.id, site.id)).toEqual([
      ["/a", to],
      ["/c", to],
    ]);
  });

  it("is all or nothing: one invalid item writes none of the others", async () => {
    const { organization, owner, site, siteSpace, current } = await siteWithSpace();
    const to = { kind: "site-space" as const, siteSpaceId: siteSpace.id };
    const refused = await clientError(
      current.orgs.bulkUpsertSiteRedirects(organization.id, site.id, {
        redirects: [
          { source: "/fine", destination: to },
          { source: "/broken", destination: { kind: "site-section", siteSectionId: "not-ours" } },
        ],
      }),
    );
    expect(refused.code).toBe(400);
    expect(refused.errorMessage).toMatch(/redirects\.1\.destination\.siteSectionId/);
    expect(await sources(owner.token, organization.id, site.id)).toEqual([]);
  });

  it("validates like createSiteRedirect, up to the 0.202 limit of 500 items", async () => {
    const { organization, owner, site, siteSpace } = await siteWithSpace();
    const path = `/orgs/${organization.id}/sites/${site.id}/redirects`;
    const to = { kind: "site-space", siteSpaceId: siteSpace.id };
    const put = (body: unknown) => api("PUT", path, { token: owner.token, body });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ source: `/old/${i}`, destination: to }));
    const full = await put({ redirects: many(500) });
    expect(full.status).toBe(200);
    expect(full.json.results).toHaveLength(500);
    expect((await put({ redirects: many(501) })).status).toBe(400);
    expect((await put({ redirects: [] })).status).toBe(400);
    const cases: [unknown, RegExp][] = [
      [{ source: "no-slash", destination: to }, /redirects\.0\.source/],
      [{ source: "/x" }, /redirects\.0\.destination/],
      [{ source: "/x", destination: to, intent: "draft" }, /redirects\.0\.intent/],
      [{ source: "/x", intent: "publish" }, /redirects\.0\.intent/],
      [{ source: "/x", destination: to, captureWildcard: true }, /redirects\.0\.captureWildcard/],
      [{ source: "/x", destination: to, permanent: false }, /redirects\.0\.permanent/],
    ];
    for (const [item, message] of cases) {
      const res = await put({ redirects: [item] });
      expect(res.status, JSON.stringify(item)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
    const twice = await put({
      redirects: [
        { source: "/same", destination: to },
        { source: "/same", destination: null },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.json.error.message).toMatch(/redirects\.1\.source/);
  });

  it("answers 401 anonymous, 403 to a reader, 404 to another organization", async () => {
    const { organization, site, siteSpace } = await siteWithSpace();
    const reader = await seedMember(organization.id, "read");
    const other = await seedOrganization("Other");
    const path = `/orgs/${organization.id}/sites/${site.id}/redirects`;
    const body = { redirects: [{ source: "/x", destination: { kind: "site-space", siteSpaceId: siteSpace.id } }] };
    expect((await api("PUT", path, { body })).status).toBe(401);
    expect((await api("PUT", path, { token: reader.token, body })).status).toBe(403);
    expect((await api("PUT", path, { token: other.owner.token, body })).status).toBe(404);
  });
});
