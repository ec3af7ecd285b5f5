import { describe, expect, it } from "vitest";
import { defaultSiteCustomization } from "../../src/services/sites";
import { fontFacesOf } from "../../src/site/fonts";
import { themeOf } from "../../src/site/theme";
import { themeStyle } from "../../src/site/theme-style";

const HASH = "a".repeat(64);

describe("@font-face rules of custom fonts", () => {
  it("take only the site organization's font files, as root-relative paths under the site's address", () => {
    const font = {
      id: "f1",
      custom: true,
      fontFamily: "Brand",
      fontFaces: [
        { weight: 400, sources: [{ url: `https://sites.example.com/~site/~fonts/org1/${HASH}.woff2` }] },
        { weight: 700, sources: [{ url: `https://api.example.com/~site/~fonts/org2/${HASH}.woff2` }] },
        { weight: 800, sources: [{ url: "https://cdn.example.com/brand.woff2" }] },
        { weight: 900, sources: [{ url: `https://api.example.com/~site/~fonts/org1/${HASH}.otf` }] },
      ],
    };
    expect(fontFacesOf(font, "org1", "/~site/site1")).toEqual([
      { family: "Brand", weight: 400, src: `/~site/site1/~fonts/${HASH}.woff2`, format: "woff2" },
      { family: "Brand", weight: 900, src: `/~site/site1/~fonts/${HASH}.otf`, format: "opentype" },
    ]);
    // A custom host's site at the host's root, or under its proxy path.
    expect(fontFacesOf(font, "org1", "")[0]!.src).toBe(`/~fonts/${HASH}.woff2`);
    expect(fontFacesOf(font, "org1", "/help")[0]!.src).toBe(`/help/~fonts/${HASH}.woff2`);
    expect(fontFacesOf("Inter", "org1", "")).toEqual([]);
  });

  it("never let a family name or a source break out of the inline stylesheet", () => {
    const settings = defaultSiteCustomization();
    settings.styling.font = {
      id: "f1",
      custom: true,
      fontFamily: 'Evil"}</style><script>alert(1)</script>',
      fontFaces: [{ weight: 400, sources: [{ url: `https://x.test/~site/~fonts/org1/${HASH}.woff2` }] }],
    };
    const theme = themeOf(settings, "Site", "org1", "/~site/site1");
    const css = themeStyle(theme);
    expect(css).toContain(
      `@font-face{font-family:"Evilstylescriptalert1script";font-weight:400;font-display:swap;src:url("/~site/site1/~fonts/${HASH}.woff2") format("woff2")}`,
    );
    expect(css).not.toMatch(/<|>/);
    // A face whose source is not a font file path of this deployment is dropped, even if handed to the layout.
    const forged = themeStyle({ ...theme, fontFaces: [{ family: "X", weight: 400, src: 'x") ; }', format: "woff2" }] });
    expect(forged).not.toContain("@font-face");
    const escaping = themeStyle({
      ...theme,
      fontFaces: [{ family: "X", weight: 400, src: `/a")}x{/~fonts/${HASH}.woff2`, format: "woff2" }],
    });
    expect(escaping).not.toContain("@font-face");
  });
});
