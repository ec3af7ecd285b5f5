/**
 * Quire's static files (Scalar's bundle, the PDF fonts) are the assets of a second, assets-only Worker,
 * quire-static (wrangler.static.toml), bound as ASSETS. When that Worker is not running (a plain `wrangler dev`
 * of Quire alone) the binding answers 5xx; the caller then gets a 503 that says how to start it, never a page
 * without its script or a PDF with "?" for every character its fonts would have drawn.
 */
import { ApiError } from "./errors";

export const STATIC_FILES_UNAVAILABLE =
  "Quire's static files (the API reference's script, PDF fonts) are served by the quire-static Worker, which is not reachable: run Quire with `npm start`, which starts both Workers, or start `wrangler dev -c wrangler.static.toml` beside it";

/** `path` (under the assets' root, e.g. `/_quire/fonts/DejaVuSans.ttf`) from the static Worker; 503 when it is down. */
export async function fetchStaticFile(assets: Fetcher, path: string, init?: RequestInit): Promise<Response> {
  const res = await assets.fetch(new Request(`https://assets.local${path}`, init));
  if (res.status >= 500) {
    await res.body?.cancel();
    throw new ApiError(503, STATIC_FILES_UNAVAILABLE);
  }
  return res;
}
