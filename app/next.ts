/**
 * Where to go after signing in: the `next` query parameter when it is a path on this origin, else the app's home (/).
 * `//host` and `/\host` are other origins to a browser, so only a URL that resolves to this origin is followed.
 */
export function nextPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next || !/^\/(?![/\\])/.test(next)) return "/";
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
