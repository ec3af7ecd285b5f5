// A published site's pages embed its integration scripts (`site:script:inject`, as listSiteIntegrationScripts
// lists them) and widen their Content-Security-Policy by what those scripts need: their URLs' origin and the fetch
// directives their integration declares. Nothing else an integration declares reaches the policy.
import { describe, expect, it } from "vitest";
import { SITE_CSP } from "../../src/site/csp";
import { changeRequestWith } from "../helpers/content";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

const SCRIPT = `export default { async fetch() { return new Response("window.__quire = true;", {
  headers: { "content-type": "application/javascript" } }); } };`;

const directives = (csp: string) =>
  new Map(
    csp.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

describe("published pages and their site's integration scripts", () => {
  it("embed each enabled script, async, and allow what it declares; not once it is uninstalled from the site", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    const name = `inject-${crypto.randomUUID().slice(0, 8)}`;
    await gb.integrations.publishIntegration(name, {
      title: "Analytics",
      description: "Counts visits",
      scopes: ["site:script:inject"],
      visibility: "private",
      script: SCRIPT,
      organization: organization.id,
      contentSecurityPolicy: {
        "script-src": "https://cdn.example.com",
        "connect-src": "https://collect.example.com",
        "img-src": "https://pixel.example.com bad,source",
        "frame-ancestors": "*",
        "form-action": "https://evil.example.com",
      },
    } as never);
    const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Welcome", document: { markdown: "Hello." } },
    ]);
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const site = await publishedPublicSite(gb, organization.id, space.id);
    const page = `${ORIGIN}/~site/${site.id}/welcome`;

    const before = await workerFetch(page);
    expect(before.status).toBe(200);
    expect(await before.text()).not.toContain("script.js");
    expect(before.headers.get("content-security-policy")).toBe(SITE_CSP);

    await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id });
    const [listed] = (await gb.orgs.listSiteIntegrationScripts(organization.id, site.id)).data;
    const res = await workerFetch(page);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<script src="${listed!.script.replaceAll("&", "&amp;")}" async></script>`);
    const csp = directives(res.headers.get("content-security-policy")!);
    expect(csp.get("script-src")).toEqual(["'self'", "https://cdn.example.com", "https://api.quire.test"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://collect.example.com"]);
    expect(csp.get("img-src")).toEqual(["'self'", "https:", "data:", "https://pixel.example.com"]);
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    // The embedded URL serves the script.
    const script = await workerFetch(`${ORIGIN}${new URL(listed!.script).pathname}`);
    expect(await script.text()).toBe("window.__quire = true;");

    await gb.integrations.uninstallIntegrationFromSite(name, installation.id, site.id);
    const after = await workerFetch(page);
    expect(await after.text()).not.toContain("script.js");
    expect(after.headers.get("content-security-policy")).toBe(SITE_CSP);
  }, 40_000);
});
