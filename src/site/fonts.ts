// Custom fonts on published pages: the faces a customization's font definition names, and their files. A page
// loads each file from its own site's address, `{base}/~fonts/{sha256}.{ext}`, served to the visitors the site
// admits (a private site's fonts are as closed as its pages). The file's shared address,
// `/~site/~fonts/{organizationId}/{sha256}.{ext}` (the API's `sources[].url`), serves only files a public or
// unlisted site of the organization uses. Only this deployment's own font files of the site's organization are
// used: the page's CSP (`font-src` → `default-src 'self'`) would refuse any other source anyway.
import type { Context } from "hono";
import { createDb } from "../db/client";
import type { AppEnv } from "../http/app-env";
import { isPublicFontFile } from "../services/published";
import type { SiteCustomizationSettings } from "../services/sites";
import { parseFontFilePath, storedFileKey } from "../services/storage";
import type { Visit } from "./visit";

/** One `@font-face` of a published page: a root-relative source under the site's address on the page's host. */
export interface SiteFontFace {
  family: string;
  weight: number;
  src: string;
  format: string;
}

const CSS_FORMAT: Record<string, string> = { woff2: "woff2", woff: "woff", truetype: "truetype", opentype: "opentype" };
const FOR_GOOD = "max-age=31536000, immutable";

/** The faces of a customization font that is a definition (GitBook's named fonts have none to load). */
type CustomizationFont = SiteCustomizationSettings["styling"]["font" | "monospaceFont"];

/** The font's faces whose files are the organization's, each at `{base}/~fonts/{sha256}.{ext}`. */
export function fontFacesOf(font: CustomizationFont, organizationId: string, base: string): SiteFontFace[] {
  if (typeof font === "string") return [];
  return font.fontFaces.flatMap((face) =>
    face.sources.flatMap((source) => {
      let path: string;
      try {
        path = new URL(source.url).pathname;
      } catch {
        return [];
      }
      const file = parseFontFilePath(path);
      if (!file || file.organizationId !== organizationId) return [];
      const src = `${base}/~fonts/${file.hash}.${file.type.extension}`;
      return [{ family: font.fontFamily, weight: face.weight, src, format: CSS_FORMAT[file.type.format]! }];
    }),
  );
}

/** A font file's response from R2 (404 when it is gone), with its ETag (304 when the browser has it). */
async function fontFileResponse(
  c: Context<AppEnv>,
  file: NonNullable<ReturnType<typeof parseFontFilePath>>,
  headers: Headers,
): Promise<Response> {
  const etag = `"${file.hash}"`;
  headers.set("ETag", etag);
  headers.set("X-Content-Type-Options", "nosniff");
  const key = storedFileKey(file.organizationId, "customization_font", file.hash);
  if (c.req.header("If-None-Match") === etag && (await c.env.STORAGE.head(key))) {
    return new Response(null, { status: 304, headers });
  }
  const object = await c.env.STORAGE.get(key);
  if (!object) return c.text("Not found", 404);
  headers.set("Content-Type", object.httpMetadata?.contentType ?? file.type.contentType);
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}

/**
 * A font file at its shared address: only one a public or unlisted site of its organization uses (one D1
 * statement), then immutable (its URL names its bytes), cacheable by anyone, loadable cross-origin.
 */
export async function serveFontFile(c: Context<AppEnv>, path: string): Promise<Response> {
  const file = parseFontFilePath(path);
  if (!file || !(await isPublicFontFile(createDb(c.env.DB), file.organizationId, file.hash))) {
    return c.text("Not found", 404);
  }
  return fontFileResponse(
    c,
    file,
    new Headers({ "Cache-Control": `public, ${FOR_GOOD}`, "Access-Control-Allow-Origin": "*" }),
  );
}

/**
 * A font file at the site's address (`name`: `{sha256}.{ext}`), for a visitor the site admitted: only a file of
 * the site's organization that its customization names (the site's, or a site space's the visitor sees).
 * Immutable; cacheable by shared caches only when the site is open to anyone.
 */
export async function serveSiteFontFile(c: Context<AppEnv>, visit: Visit, name: string) {
  const { site } = visit.data;
  const file = parseFontFilePath(`/~site/~fonts/${site.organizationId}/${name}`);
  if (!file) return undefined;
  const src = `/~fonts/${name}`;
  const settings = [
    visit.data.customizations.site,
    ...visit.data.siteSpaces.filter((s) => visit.visible(s)).map((s) => visit.data.customizations.siteSpaces[s.id]),
  ];
  const named = settings.some(
    (s) =>
      s &&
      [s.styling.font, s.styling.monospaceFont].some((font) =>
        fontFacesOf(font, site.organizationId, "").some((face) => face.src === src),
      ),
  );
  if (!named) return undefined;
  const open = !visit.preview && (site.visibility === "public" || site.visibility === "unlisted");
  return fontFileResponse(c, file, new Headers({ "Cache-Control": `${open ? "public" : "private"}, ${FOR_GOOD}` }));
}
