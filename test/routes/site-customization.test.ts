import type { SiteCustomizationSettings } from "@gitbook/api";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { siteCustomizations } from "../../src/services/sites";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization } from "../helpers/seed";

/** A site with two root site spaces, owned by a new organization's admin. */
async function siteWithSpaces() {
  const { organization, owner } = await seedOrganization("Customized");
  const gb = client(owner.token);
  const guide = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const reference = (await gb.orgs.createSpace(organization.id, { title: "Reference" })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [guide.id, reference.id] } as never))
    .data;
  const [first, second] = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items;
  return { organization, owner, gb, site, first: first!, second: second! };
}

const rowCount = async (siteId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM site_customizations WHERE site_id = ?")
    .bind(siteId)
    .first<{ n: number }>())!.n;

describe("site customization", () => {
  it("answers the defaults, replaces the settings with PUT and reads them back", async () => {
    const { organization, gb, site } = await siteWithSpaces();
    const defaults = (await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data;
    expect(defaults.styling).toMatchObject({
      theme: "clean",
      primaryColor: { light: "#346DDB", dark: "#346DDB" },
      corners: "rounded",
      font: "Inter",
      sidebar: { background: "default", list: "default" },
    });
    expect(defaults).toMatchObject({
      internationalization: { locale: "en" },
      favicon: {},
      header: { preset: "default", links: [] },
      footer: { groups: [] },
      themes: { default: "light", toggeable: true },
      insights: { trackingCookie: true },
    });
    expect((await gb.orgs.getSiteCustomizationById(organization.id, site.id, { unmasked: true })).status).toBe(200);

    const settings: SiteCustomizationSettings = {
      ...defaults,
      title: "Product docs",
      styling: { ...defaults.styling, theme: "bold" as never, primaryColor: { light: "#f00", dark: "#aa0000" } },
      favicon: { emoji: "📘" },
      header: {
        preset: "custom" as never,
        logo: { light: "https://example.com/light.png", dark: "https://example.com/dark.png" },
        links: [
          {
            title: "Home",
            to: { kind: "url", url: "https://example.com" },
            links: [{ title: "Blog", to: { kind: "url", url: "https://example.com/blog" } }],
          },
        ],
      },
      footer: { groups: [], copyright: "© Example" },
      announcement: { enabled: true, message: "New release", style: "info" },
      privacyPolicy: { url: "https://example.com/privacy" },
    };
    const put = await gb.orgs.updateSiteCustomizationById(organization.id, site.id, settings);
    expect(put.data).toEqual(settings);
    expect((await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data).toEqual(settings);

    // PUT replaces the whole settings: what the new body leaves out is gone.
    const { title: _t, announcement: _a, ...rest } = settings;
    const replaced = (await gb.orgs.updateSiteCustomizationById(organization.id, site.id, rest)).data;
    expect(replaced.title).toBeUndefined();
    expect(replaced.announcement).toBeUndefined();
    expect(replaced.header.logo).toEqual(settings.header.logo);
  });

  it("refuses bad colors, URLs, enums and missing fields with a 400 naming the field", async () => {
    const { organization, owner, gb, site, first } = await siteWithSpaces();
    const defaults = (await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data;
    const put = (body: unknown) =>
      api("PUT", `/orgs/${organization.id}/sites/${site.id}/customization`, { token: owner.token, body });
    const patch = (body: unknown) =>
      api("PATCH", `/orgs/${organization.id}/sites/${site.id}/site-spaces/${first.id}/customization`, {
        token: owner.token,
        body,
      });
    const { styling: _s, ...noStyling } = defaults;
    for (const [res, field] of [
      [
        await put({ ...defaults, styling: { ...defaults.styling, primaryColor: { light: "red", dark: "#000" } } }),
        /body\.styling\.primaryColor\.light: must be a hex color/,
      ],
      [
        await put({ ...defaults, styling: { ...defaults.styling, infoColor: { light: "#12345", dark: "#000" } } }),
        /infoColor\.light/,
      ],
      [
        await put({ ...defaults, privacyPolicy: { url: "javascript:alert(1)" } }),
        /body\.privacyPolicy\.url: must be an absolute http or https URL/,
      ],
      [
        await put({
          ...defaults,
          header: { ...defaults.header, logo: { light: "not a url", dark: "https://x.io/a" } },
        }),
        /header\.logo\.light/,
      ],
      [
        await put({ ...defaults, favicon: { icon: { light: "ftp://x.io/i.png", dark: "https://x.io/i.png" } } }),
        /favicon\.icon\.light/,
      ],
      [await put(noStyling), /body\.styling/],
      [await put({ ...defaults, themes: { default: "light" } }), /body\.themes\.toggeable/],
      [await put({ ...defaults, styling: { ...defaults.styling, theme: "neon" } }), /body\.styling\.theme/],
      [await put({ ...defaults, footer: { groups: [], copyright: "x".repeat(301) } }), /footer\.copyright/],
      [await put({ ...defaults, title: "x" }), /body\.title/],
      [await patch({ styling: { primaryColor: { light: "#zzz", dark: "#000" } } }), /styling\.primaryColor\.light/],
      [await patch({ socialPreview: { url: "data:image/png;base64,AAAA" } }), /socialPreview\.url/],
      [await patch({ internationalization: { locale: "xx" } }), /internationalization\.locale/],
    ] as const) {
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toMatchObject({ code: 400 });
      expect(res.json.error.message).toMatch(field);
    }
  });

  it("merges a site space's override over the site, removes fields with null and deletes it (205, then 204)", async () => {
    const { organization, gb, site, first, second } = await siteWithSpaces();
    const base = (await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data;
    await gb.orgs.updateSiteCustomizationById(organization.id, site.id, {
      ...base,
      title: "Site title",
      styling: { ...base.styling, theme: "muted" as never },
    });
    const merged = (
      await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, first.id, {
        title: "Guide title",
        styling: { primaryColor: { light: "#112233", dark: "#445566" }, sidebar: { list: "pill" as never } },
        pdf: { enabled: false },
      })
    ).data;
    expect(merged.title).toBe("Guide title");
    expect(merged.styling).toMatchObject({
      theme: "muted", // the site's
      primaryColor: { light: "#112233", dark: "#445566" },
      sidebar: { background: "default", list: "pill" },
    });
    expect(merged.pdf.enabled).toBe(false);
    expect((await gb.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id)).data).toEqual(merged);
    // The other site space and the site itself are untouched.
    const other = (await gb.orgs.getSiteSpaceCustomizationById(organization.id, site.id, second.id)).data;
    expect(other.title).toBe("Site title");
    expect(other.pdf.enabled).toBe(true);

    // A later patch adds to the override; null removes one field's override, the site's value shows again.
    const patched = (
      await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, first.id, {
        title: null,
        styling: { primaryColor: null, theme: "gradient" as never },
      })
    ).data;
    expect(patched.title).toBe("Site title");
    expect(patched.styling.primaryColor).toEqual(base.styling.primaryColor);
    expect(patched.styling).toMatchObject({ theme: "gradient", sidebar: { list: "pill" } });
    expect(patched.pdf.enabled).toBe(false);

    // The site's settings change under the override.
    await gb.orgs.updateSiteCustomizationById(organization.id, site.id, {
      ...base,
      styling: { ...base.styling, corners: "straight" as never },
    });
    const under = (await gb.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id)).data;
    expect(under.styling).toMatchObject({ corners: "straight", theme: "gradient" });

    const all = await siteCustomizations(db, site.id);
    expect(all.site.styling.corners).toBe("straight");
    expect(Object.keys(all.siteSpaces).sort()).toEqual([first.id, second.id].sort());
    expect(all.siteSpaces[first.id]).toEqual(under);
    expect(all.siteSpaces[second.id]).toEqual(all.site);

    expect((await gb.orgs.deleteSiteSpaceCustomizationById(organization.id, site.id, first.id)).status).toBe(205);
    expect((await gb.orgs.deleteSiteSpaceCustomizationById(organization.id, site.id, first.id)).status).toBe(204);
    expect((await gb.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id)).data).toEqual(all.site);
    // Removing every overridden field leaves no override behind.
    await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, second.id, { title: "Temporary" });
    await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, second.id, { title: null });
    expect((await gb.orgs.deleteSiteSpaceCustomizationById(organization.id, site.id, second.id)).status).toBe(204);
  });

  it("lets members read, `create` and up write, and hides other organizations' sites", async () => {
    const { organization, gb, site, first } = await siteWithSpaces();
    const defaults = (await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data;
    const reader = client((await seedMember(organization.id, "read")).token);
    const editor = client((await seedMember(organization.id, "edit")).token);
    const creator = client((await seedMember(organization.id, "create")).token);
    const other = await seedOrganization("Other");
    const outsider = client(other.owner.token);

    expect((await reader.orgs.getSiteCustomizationById(organization.id, site.id)).data).toEqual(defaults);
    expect((await reader.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id)).status).toBe(200);
    for (const member of [reader, editor]) {
      expect(
        (await clientError(member.orgs.updateSiteCustomizationById(organization.id, site.id, defaults))).code,
      ).toBe(403);
      expect(
        (await clientError(member.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, first.id, {})))
          .code,
      ).toBe(403);
      expect(
        (await clientError(member.orgs.deleteSiteSpaceCustomizationById(organization.id, site.id, first.id))).code,
      ).toBe(403);
    }
    expect((await creator.orgs.updateSiteCustomizationById(organization.id, site.id, defaults)).status).toBe(200);

    // Another organization's site: 404 for reads and writes, also through the outsider's own organization id.
    expect((await clientError(outsider.orgs.getSiteCustomizationById(organization.id, site.id))).code).toBe(404);
    expect((await clientError(outsider.orgs.getSiteCustomizationById(other.organization.id, site.id))).code).toBe(404);
    expect(
      (await clientError(outsider.orgs.updateSiteCustomizationById(other.organization.id, site.id, defaults))).code,
    ).toBe(404);
    expect(
      (await clientError(outsider.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id))).code,
    ).toBe(404);
    // A site space of another site is not found either.
    const otherSite = (await gb.orgs.createSite(organization.id, { title: "Second" } as never)).data;
    expect(
      (await clientError(gb.orgs.getSiteSpaceCustomizationById(organization.id, otherSite.id, first.id))).code,
    ).toBe(404);
    expect((await api("GET", `/orgs/${organization.id}/sites/${site.id}/customization`)).status).toBe(401);
  });

  it("deleting a site space or the site deletes their customization rows", async () => {
    const { organization, gb, site, first, second } = await siteWithSpaces();
    const defaults = (await gb.orgs.getSiteCustomizationById(organization.id, site.id)).data;
    await gb.orgs.updateSiteCustomizationById(organization.id, site.id, defaults);
    await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, first.id, { title: "First" });
    await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, second.id, { title: "Second" });
    expect(await rowCount(site.id)).toBe(3);

    expect((await gb.orgs.deleteSiteSpaceById(organization.id, site.id, first.id)).status).toBe(205);
    expect(await rowCount(site.id)).toBe(2);
    expect((await clientError(gb.orgs.getSiteSpaceCustomizationById(organization.id, site.id, first.id))).code).toBe(
      404,
    );

    expect((await gb.orgs.deleteSiteById(organization.id, site.id)).status).toBe(205);
    expect(await rowCount(site.id)).toBe(0);
    expect((await clientError(gb.orgs.getSiteCustomizationById(organization.id, site.id))).code).toBe(404);
  });

  it("deleting a section deletes its site spaces' overrides", async () => {
    const { organization, gb, site } = await siteWithSpaces();
    const space = (await gb.orgs.createSpace(organization.id, { title: "Sectioned" })).data;
    const section = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never)).data;
    const variant = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items.find(
      (s) => s.space.id === space.id,
    )!;
    await gb.orgs.overrideSiteSpaceCustomizationById(organization.id, site.id, variant.id, { title: "Variant" });
    expect(await rowCount(site.id)).toBe(1);
    await gb.orgs.deleteSiteSectionById(organization.id, site.id, section.id);
    expect(await rowCount(site.id)).toBe(0);
  });
});
