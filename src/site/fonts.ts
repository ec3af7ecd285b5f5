// Custom fonts on published pages: the files (served by every host of the deployment at their immutable,
// content-addressed path, `/~site/~fonts/{organizationId}/{sha256}.{ext}`) and the faces a customization's
// font definition names. Only this deployment's own font files of the site's organization are used: the page's
// CSP (`font-src` → `default-src 'self'`) would refuse any other source anyway.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import type { SiteCustomizationSettings } from "../services/sites";
import { parseFontFilePath, storedFileKey } from "../services/storage";

/** One `@font-face` of a published page: a root-relative source on the page's own host. */
export interface SiteFontFace {
  family: string;
  weight: number;
  src: string;
  format: string;
}

const CSS_FORMAT: Record<string, string> = { woff2: "woff2", woff: "woff", truetype: "truetype", opentype: "opentype" };

/** The faces of a customization font that is a definition (GitBook's named fonts have none to load). */
type CustomizationFont = SiteCustomizationSettings["styling"]["font" | "monospaceFont"];

export function fontFacesOf(font: CustomizationFont, organizationId: string): SiteFontFace[] {
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
      return [{ family: font.fontFamily, weight: face.weight, src: path, format: CSS_FORMAT[file.type.format]! }];
    }),
  );
}

/** A font file: immutable (its URL names its bytes), cacheable by anyone, loadable cross-origin. */
export async function serveFontFile(c: Context<AppEnv>, path: string): Promise<Response> {
  const file = parseFontFilePath(path);
  if (!file) return c.text("Not found", 404);
  const etag = `"${file.hash}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  });
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
