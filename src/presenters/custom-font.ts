import type { UrlBases } from "../services/core";
import type { CustomFontView } from "../services/storage";
import type { CustomizationFontDefinition } from "../wire/font";

/** The CSS `format()` the reference's FontSource names (woff2, woff); TrueType and OpenType files carry none. */
const SOURCE_FORMAT = { woff2: "woff2", woff: "woff" } as const;

/**
 * CustomizationFontDefinition: each face's file at its immutable URL on the sites origin (the API's when the
 * deployment has none), which a site customization can use as it is.
 */
export function presentCustomFont(font: CustomFontView, urls: UrlBases): CustomizationFontDefinition {
  const base = urls.sites ?? urls.api;
  return {
    id: font.id,
    custom: true,
    fontFamily: font.fontFamily,
    fontFaces: font.faces.map((face) => {
      const format = SOURCE_FORMAT[face.format as keyof typeof SOURCE_FORMAT];
      return {
        weight: face.weight,
        sources: [{ url: `${base}${face.path}`, ...(format ? { format } : {}) }],
      };
    }),
    permissions: { edit: font.canEdit },
  };
}
