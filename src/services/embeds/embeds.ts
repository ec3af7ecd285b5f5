import { ApiError } from "../../lib/errors";
import { checkPublicUrl, fetchPublicResource } from "../../lib/safe-fetch";
import { loadSpace } from "../access";
import type { ServiceContext } from "../core";
import { checkSpace } from "../revisions";
import { type EmbedView, embedOf, type OEmbed, readOEmbed, readPageMetadata } from "./embed-metadata";

/** How much of a page is read: its head comes first, and tags past this are not looked for. */
const PAGE_BYTES = 512 * 1024;
const OEMBED_BYTES = 64 * 1024;
/** Per request (page, then its oEmbed endpoint), each redirect hop and the body's read included. */
const FETCH_TIMEOUT_MS = 5000;
/** How long a resolved embed is reused from the Cache API. */
const EMBED_CACHE_SECONDS = 24 * 60 * 60;

const HEADERS = {
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
  "user-agent": "Quire-Embed/1.0 (oEmbed and OpenGraph metadata)",
};

/**
 * The Cache API, not D1: an embed is public metadata of a public URL, fetched without the caller's credentials,
 * so it is the same for every tenant and needs no table, migration or purge; the cache expires it after
 * EMBED_CACHE_SECONDS and keeps it per location, which is where the fetch it saves would run. Failures are not
 * cached: a host that was down is asked again on the next request.
 */
const cacheKey = (url: string) => `https://quire-embed-cache.internal/?url=${encodeURIComponent(url)}`;

async function fromCache(url: string): Promise<EmbedView | undefined> {
  if (typeof caches === "undefined") return undefined;
  const hit = await caches.default.match(cacheKey(url)).catch(() => undefined);
  return hit ? ((await hit.json().catch(() => undefined)) as EmbedView | undefined) : undefined;
}

function toCache(ctx: ServiceContext, url: string, embed: EmbedView) {
  if (typeof caches === "undefined") return;
  const response = Response.json(embed, { headers: { "Cache-Control": `public, max-age=${EMBED_CACHE_SECONDS}` } });
  const stored = caches.default
    .put(cacheKey(url), response)
    .catch((error) => console.error("caching an embed failed", error));
  if (ctx.defer) ctx.defer(stored);
}

const isHtml = (contentType: string | undefined) =>
  contentType === undefined || /^(text\/html|application\/xhtml\+xml)$/i.test(contentType);

/** The provider's oEmbed, or undefined when its endpoint fails: the page's own tags are enough for a card. */
async function fetchOEmbed(ctx: ServiceContext, endpoint: string): Promise<OEmbed | undefined> {
  try {
    const fetched = await fetchPublicResource(ctx.env, endpoint, {
      maxBytes: OEMBED_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      headers: { ...HEADERS, accept: "application/json" },
    });
    return readOEmbed(JSON.parse(new TextDecoder().decode(fetched.bytes)), new URL(fetched.url));
  } catch (error) {
    if (error instanceof ApiError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * oEmbed-style metadata for a URL: fetched through the SSRF guard (400 for a private or non-http(s) address,
 * on every redirect hop too; 422 when the host cannot be reached or answers an error), reading at most the first
 * PAGE_BYTES of the page within FETCH_TIMEOUT_MS, then its oEmbed endpoint when it advertises one. Cached.
 */
export async function resolveEmbed(ctx: ServiceContext, url: string): Promise<EmbedView> {
  const target = checkPublicUrl(ctx.env, url).toString();
  const cached = await fromCache(target);
  if (cached) return cached;
  const page = await fetchPublicResource(ctx.env, target, {
    maxBytes: PAGE_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
    truncate: true,
    headers: HEADERS,
  });
  const base = new URL(page.url);
  let embed: EmbedView;
  if (isHtml(page.contentType)) {
    const metadata = await readPageMetadata(new TextDecoder().decode(page.bytes), base);
    const oembed = metadata.oembedUrl ? await fetchOEmbed(ctx, metadata.oembedUrl) : undefined;
    embed = embedOf(base, metadata, oembed);
  } else {
    embed = embedOf(base, undefined, undefined);
  }
  toCache(ctx, target, embed);
  return embed;
}

/** resolveEmbed for a space's members: 404 to whoever may not see the space (401 anonymously). */
export async function resolveEmbedInSpace(ctx: ServiceContext, spaceId: string, url: string): Promise<EmbedView> {
  checkSpace(await loadSpace(ctx, spaceId), "space.view", ctx.caller);
  return resolveEmbed(ctx, url);
}
