import { describe, expect, it } from "vitest";
import { api, client } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

const SCRIPT = "export default { async fetch() { return new Response('ok'); } };";

/**
 * An organization with three integrations installed (distinct names, titles, categories, scopes, blocks, content
 * sources and targets), the first two enabled on a space and a site with external ids, so that every filter of
 * every integrations list selects a known, proper subset.
 */
async function world() {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const prefix = `filters-${crypto.randomUUID().slice(0, 8)}`;
  const alpha = `${prefix}-alpha`;
  const beta = `${prefix}-beta`;
  const gamma = `${prefix}-gamma`;
  const publish = (name: string, extra: Record<string, unknown>) =>
    gb.integrations.publishIntegration(name, {
      description: "A test integration",
      script: SCRIPT,
      organization: organization.id,
      ...extra,
    } as never);
  await publish(alpha, {
    title: "Weather Maps",
    scopes: ["space:content:read"],
    categories: ["analytics"],
    blocks: [{ id: "b", title: "Block", urlUnfurl: ["https://maps.example.org/x"] }],
  });
  await publish(beta, {
    title: "Analytics Board",
    scopes: ["site:script:inject"],
    categories: ["content"],
    contentSources: [{ id: "src", title: "Source", configuration: { componentId: "c" } }],
  });
  await publish(gamma, {
    title: "Maps Console",
    scopes: ["openapi:read"],
    categories: ["analytics"],
    target: "organization",
  });
  const installations: Record<string, string> = {};
  for (const name of [alpha, beta, gamma]) {
    installations[name] = (await gb.integrations.installIntegration(name, { organization: organization.id })).data.id;
  }
  const space = (await gb.orgs.createSpace(organization.id, { title: "Space" })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Site" })).data;
  for (const name of [alpha, beta]) {
    const id = installations[name];
    await gb.integrations.updateIntegrationInstallation(name, id, { externalIds: [`ext-${name}`] } as never);
    await gb.integrations.installIntegrationOnSpace(name, id, { space: space.id });
    await gb.integrations.updateIntegrationSpaceInstallation(name, id, space.id, {
      externalIds: [`space-${name}`],
    } as never);
    await gb.integrations.installIntegrationOnSite(name, id, { siteId: site.id });
    await gb.integrations.updateIntegrationSiteInstallation(name, id, site.id, {
      externalIds: [`site-${name}`],
    } as never);
  }
  return { organization, owner, alpha, beta, gamma, installations, space, site };
}

type World = Awaited<ReturnType<typeof world>>;

/** GET a list, expecting 200, answering the JSON body. */
async function list(w: World, path: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const res = await api("GET", `${path}${qs ? `?${qs}` : ""}`, { token: w.owner.token });
  expect(res.status, `${path}?${qs}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.json as { items: Record<string, any>[]; count?: number };
}

describe("integrations lists: every filter answers its subset, never a 500", () => {
  it("listOrganizationInstallations and listOrganizationIntegrationsStatus search by name and by title", async () => {
    const w = await world();
    const paths = [
      `/orgs/${w.organization.id}/installations`,
      `/orgs/${w.organization.id}/integrations/installations-status`,
    ];
    for (const path of paths) {
      const names = async (search: string) => {
        const body = await list(w, path, { search });
        expect(body.count).toBe(body.items.length);
        return body.items.map((item) => item.integration.name);
      };
      // By name, by title (case-insensitive, substring), both, none.
      expect(await names("alpha")).toEqual([w.alpha]);
      expect(await names("maps")).toEqual([w.alpha, w.gamma]);
      expect(await names("ANALYTICS board")).toEqual([w.beta]);
      expect(await names(w.alpha.split("-")[1])).toEqual([w.alpha, w.beta, w.gamma]);
      expect(await names("no such integration")).toEqual([]);
      // Pages of a search keep to it.
      const first = await list(w, path, { search: "maps", limit: "1" });
      expect(first.items.map((item) => item.integration.name)).toEqual([w.alpha]);
      expect(first.count).toBe(2);
    }
    const installations = await list(w, paths[0], { search: "console" });
    expect(installations.items.map((item) => item.installation.id)).toEqual([w.installations[w.gamma]]);
    const statuses = await list(w, paths[1], { search: "console" });
    expect(statuses.items.map((item) => item.status)).toEqual(["active"]);
  });

  it("listIntegrations and listOrganizationIntegrations filter by each of their parameters", async () => {
    const w = await world();
    const all = [w.alpha, w.beta, w.gamma];
    const cases: [Record<string, string>, string[]][] = [
      [{ search: "alpha" }, [w.alpha]],
      [{ search: "maps" }, [w.alpha, w.gamma]],
      [{ category: "analytics" }, [w.alpha, w.gamma]],
      [{ category: "content" }, [w.beta]],
      [{ blockDomain: "maps.example.org" }, [w.alpha]],
      [{ blocks: "true" }, [w.alpha]],
      [{ blocks: "false" }, [w.beta, w.gamma]],
      [{ contentSources: "true" }, [w.beta]],
      [{ contentSources: "false" }, [w.alpha, w.gamma]],
      [{ scope: "openapi:read" }, [w.gamma]],
      [{ scope: "space:content:write" }, []],
      [{ target: "organization" }, [w.gamma]],
      [{ target: "all" }, [w.alpha, w.beta]],
      [{ target: "site" }, []],
      [{ owner: w.organization.id }, all],
    ];
    for (const path of ["/integrations", `/orgs/${w.organization.id}/integrations`]) {
      for (const [query, expected] of cases) {
        // Only this world's integrations: the lists also hold other tests' public ones.
        const body = await list(w, path, { ...query, owner: w.organization.id });
        expect(
          body.items.map((item) => item.name),
          `${path} ${JSON.stringify(query)}`,
        ).toEqual(expected);
      }
    }
  });

  it("the installation lists filter by externalId and expand with extended", async () => {
    const w = await world();
    const ids = (body: { items: Record<string, any>[] }, key: string) =>
      body.items.map((item) => (typeof item[key] === "string" ? item[key] : item[key].id));

    const installations = await list(w, `/integrations/${w.alpha}/installations`, { externalId: `ext-${w.alpha}` });
    expect(installations.items.map((item) => item.id)).toEqual([w.installations[w.alpha]]);
    expect((await list(w, `/integrations/${w.alpha}/installations`, { externalId: "nope" })).items).toEqual([]);
    expect((await list(w, `/integrations/${w.gamma}/installations`, { externalId: `ext-${w.alpha}` })).items).toEqual(
      [],
    );

    for (const [kind, key, target] of [
      ["spaces", "space", w.space.id],
      ["sites", "site", w.site.id],
    ] as const) {
      const filtered = await list(w, `/integrations/${w.beta}/${kind}`, { externalId: `${key}-${w.beta}` });
      expect(ids(filtered, key)).toEqual([target]);
      expect((await list(w, `/integrations/${w.beta}/${kind}`, { externalId: `${key}-${w.alpha}` })).items).toEqual([]);
      const extended = await list(w, `/integrations/${w.beta}/${kind}`, { extended: "true" });
      expect(extended.items.map((item) => item[key].id)).toEqual([target]);
      const plain = await list(w, `/integrations/${w.beta}/${kind}`, { extended: "false" });
      expect(plain.items.map((item) => item[key])).toEqual([target]);
      const under = `/integrations/${w.beta}/installations/${w.installations[w.beta]}/${kind}`;
      expect((await list(w, under, { extended: "true" })).items.map((item) => item[key].id)).toEqual([target]);
      expect((await list(w, under, { extended: "false" })).items.map((item) => item[key])).toEqual([target]);
      const none = `/integrations/${w.gamma}/installations/${w.installations[w.gamma]}/${kind}`;
      expect((await list(w, none, { extended: "true" })).items).toEqual([]);
    }
  });

  it("listSpaceIntegrations and listSiteIntegrations search by name", async () => {
    const w = await world();
    for (const path of [
      `/spaces/${w.space.id}/integrations`,
      `/orgs/${w.organization.id}/sites/${w.site.id}/integrations`,
    ]) {
      const names = async (query: Record<string, string>) =>
        (await list(w, path, query)).items.map((item) => item.name);
      expect(await names({})).toEqual([w.alpha, w.beta]);
      expect(await names({ search: "BETA" })).toEqual([w.beta]);
      expect(await names({ search: "gamma" })).toEqual([]);
      expect(await names({ search: "no such integration" })).toEqual([]);
    }
    // The events list has only the page parameters.
    expect((await list(w, `/integrations/${w.alpha}/events`, { limit: "5" })).items).toBeInstanceOf(Array);
  });
});
