// `wrangler dev`'s local proxy closes idle keep-alive connections on its own clock, so a request sent on a
// pooled socket after a pause of a few seconds (a test that runs `npm run bootstrap` between calls) can meet a
// socket the proxy is closing: undici reports "other side closed" before any response. Browsers and HTTP
// clients retry idempotent requests in that case; the Node tests do the same, once, for GET and HEAD only, so a
// real failure of the Worker still fails the test.
const nativeFetch = globalThis.fetch;

function isStaleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === "UND_ERR_SOCKET";
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  try {
    return await nativeFetch(input, init);
  } catch (error) {
    if ((method !== "GET" && method !== "HEAD") || !isStaleSocket(error)) throw error;
    return nativeFetch(input, init);
  }
};
