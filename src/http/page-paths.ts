const PAGE_PATH = /^(\/v1\/spaces\/[^/]+\/(?:(?:change-requests\/[^/]+\/)?content|revisions\/[^/]+)\/path\/)(.+)$/;

/**
 * The official client does not encode slashes in page paths (`getPageByPath(s, "guides/intro")` requests
 * `/content/path/guides/intro`). Before routing, the rest of such a URL is folded into one encoded segment,
 * which the router hands to the handler decoded as `guides/intro`.
 */
export function foldPagePath(request: Request): Request {
  // Most requests are not page paths: no URL to parse for them.
  if (!request.url.includes("/path/")) return request;
  const url = new URL(request.url);
  const match = PAGE_PATH.exec(url.pathname);
  if (!match?.[2].includes("/")) return request;
  url.pathname = match[1] + match[2].split("/").join("%2F");
  return new Request(url, request);
}
