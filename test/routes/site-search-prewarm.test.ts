import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { currentClient } from "../helpers/current-client";
import { api, client } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

describe("prewarmSiteSearch (0.202)", () => {
  it("answers 204 to whoever may search the site, and writes nothing (no audit event)", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    const space = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
    const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [space.id] } as never)).data;
    const path = `/orgs/${organization.id}/sites/${site.id}/search/prewarm`;
    const before = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE organization_id = ?")
      .bind(organization.id)
      .first<{ n: number }>();
    const warmed = await currentClient(owner.token).orgs.prewarmSiteSearch(organization.id, site.id);
    expect(warmed.status).toBe(204);
    const reader = await seedMember(organization.id, "read");
    expect((await api("POST", path, { token: reader.token })).status).toBe(204);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE organization_id = ?")
      .bind(organization.id)
      .first<{ n: number }>();
    expect(after!.n).toBe(before!.n);

    // Unpublished: 401 anonymous, 404 to another organization (as a search of it).
    const other = await seedOrganization("Other");
    expect((await api("POST", path)).status).toBe(401);
    expect((await api("POST", path, { token: other.owner.token })).status).toBe(404);
    expect(
      (await api("POST", `/orgs/${organization.id}/sites/nope/search/prewarm`, { token: owner.token })).status,
    ).toBe(404);
  });

  it("is open to anyone on a published public site, as its search is", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    const space = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
    const site = await publishedPublicSite(gb, organization.id, space.id);
    const res = await api("POST", `/orgs/${organization.id}/sites/${site.id}/search/prewarm`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
  });
});
