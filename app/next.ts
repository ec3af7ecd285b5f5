/**
 * `next` when it is a path on this origin, normalized; else undefined. `//host` and `/\host` are other origins to a
 * browser, so only a URL that resolves to this origin is followed. The server uses it too (src/sso/saml.ts, for a
 * SAML RelayState), so the app and the server agree on where a sign-in may land.
 */
export function sameOriginPath(next: string | null | undefined, origin: string): string | undefined {
  if (!next || !/^\/(?![/\\])/.test(next)) return undefined;
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** Where to go after signing in: the `next` query parameter when it is a path on this origin, else the app's home (/). */
export function nextPath(search: string, origin: string): string {
  return sameOriginPath(new URLSearchParams(search).get("next"), origin) ?? "/";
}
