import { describe, expect, it } from "vitest";
import { defaultSiteCustomization } from "../../src/services/sites";
import { fontFacesOf } from "../../src/site/fonts";
import { themeOf } from "../../src/site/theme";
import { themeStyle } from "../../src/site/theme-style";

const HASH = "a".repeat(64);

describe("@font-face rules of custom fonts", () => {
  it("take only the site organization's font files, as root-relative paths", () => {
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
    expect(fontFacesOf(font, "org1")).toEqual([
      { family: "Brand", weight: 400, src: `/~site/~fonts/org1/${HASH}.woff2`, format: "woff2" },
      { family: "Brand", weight: 900, src: `/~site/~fonts/org1/${HASH}.otf`, format: "opentype" },
    ]);
    expect(fontFacesOf("Inter", "org1")).toEqual([]);
  });

  it("never let a family name or a source break out of the inline stylesheet", () => {
    const settings = defaultSiteCustomization();
    settings.styling.font = {
      id: "f1",
      custom: true,
      fontFamily: 'Evil"}</style><script>alert(1)</script>',
      fontFaces: [{ weight: 400, sources: [{ url: `https://x.test/~site/~fonts/org1/${HASH}.woff2` }] }],
    };
    const theme = themeOf(settings, "Site", "org1");
    const css = themeStyle(theme);
    expect(css).toContain(
      `@font-face{font-family:"Evilstylescriptalert1script";font-weight:400;font-display:swap;src:url("/~site/~fonts/org1/${HASH}.woff2") format("woff2")}`,
    );
    expect(css).not.toMatch(/<|>/);
    // A face whose source is not a font file path of this deployment is dropped, even if handed to the layout.
    const forged = themeStyle({ ...theme, fontFaces: [{ family: "X", weight: 400, src: 'x") ; }', format: "woff2" }] });
    expect(forged).not.toContain("@font-face");
  });
});
