/**
 * Where to go after signing in: the `next` query parameter when it is a path on this origin, else /account.
 * `//host` and `/\host` are other origins to a browser, so only a URL that resolves to this origin is followed.
 */
export function nextPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next || !/^\/(?![/\\])/.test(next)) return "/account";
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : "/account";
  } catch {
    return "/account";
  }
}
