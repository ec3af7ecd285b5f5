import type { Env } from "../env";
import { ApiError, badRequest } from "./errors";

/** A dotted IPv4 address as four octets, or undefined. */
function parseIPv4(text: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const octets = m?.slice(1).map(Number);
  return octets?.every((o) => o <= 255) ? octets : undefined;
}

function isPrivateIPv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** An IPv6 literal as its 8 hextets (`::` expanded, a dotted IPv4 tail folded in), or undefined. */
export function parseIPv6(text: string): number[] | undefined {
  let host = text;
  const tail = /(?:^|:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(host);
  if (tail) {
    const v4 = parseIPv4(tail[1]);
    if (!v4) return undefined;
    host = `${host.slice(0, host.length - tail[1].length)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = host.split("::");
  if (halves.length > 2) return undefined;
  const words = (part: string) => (part === "" ? [] : part.split(":"));
  const head = words(halves[0]);
  const rest = halves.length === 2 ? words(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return undefined;
  return all.map((w) => parseInt(w, 16));
}

/**
 * Hostnames and IP literals that must never be fetched on a user's behalf (SSRF). IPv6: only global unicast
 * (2000::/3) is allowed, minus 6to4 (2002::/16), Teredo (2001:0::/32) and documentation (2001:db8::/32), so
 * loopback, IPv4-mapped/compatible, NAT64, link- and site-local and unique-local addresses are all refused.
 * Hostnames are not resolved here: a name that resolves to a private address is the network's to stop.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return true;
  if (host.includes(":")) {
    const w = parseIPv6(host);
    if (!w) return true;
    const globalUnicast = w[0] >= 0x2000 && w[0] <= 0x3fff;
    const tunnelled = w[0] === 0x2002 || (w[0] === 0x2001 && (w[1] === 0 || w[1] === 0xdb8));
    return !globalUnicast || tunnelled;
  }
  const v4 = parseIPv4(host);
  if (v4) return isPrivateIPv4(v4);
  // A numeric name that is not a dotted quad is no hostname (the URL parser normalizes the IPv4 forms it knows).
  return /^[\d.]+$/.test(host);
}

function loopbackAllowed(env: Env, hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return env.ALLOW_LOOPBACK_FETCH === "true" && (host === "localhost" || host === "127.0.0.1" || host === "::1");
}

/**
 * The URL parsed and checked against the guard (http(s), no private address); 400 otherwise. `strict` ignores
 * ALLOW_LOOPBACK_FETCH (integration scripts never reach loopback, not even in tests).
 */
export function checkPublicUrl(env: Env, url: string, opts: { strict?: boolean } = {}): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`"${url}" is not a valid URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw badRequest("Only http(s) URLs can be fetched");
  if (isPrivateHost(parsed.hostname) && (opts.strict || !loopbackAllowed(env, parsed.hostname))) {
    throw badRequest(
      `Refusing to fetch ${parsed.hostname}: private, loopback and link-local addresses are not allowed`,
    );
  }
  return parsed;
}

export interface SafeResponse {
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

/**
 * Reads a body whole, refusing past maxBytes (413), or with `truncate` keeping its first maxBytes. A read that
 * fails or outlasts `signal` (the exchange's timeout) is 422, as a failed fetch is.
 */
async function readLimited(
  response: Response,
  url: string,
  maxBytes: number,
  opts: { truncate?: boolean; signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes && !opts.truncate) throw new ApiError(413, `${url} is larger than ${maxBytes} bytes`);
  const reader = response.body?.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  const aborted = opts.signal && abortedPromise(opts.signal);
  aborted?.catch(() => {});
  while (reader) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      const read = reader.read();
      // A read left behind by the timeout rejects later, when the stream is torn down: not an unhandled error.
      read.catch(() => {});
      chunk = await (aborted ? Promise.race([read, aborted]) : read);
    } catch (error) {
      reader.cancel().catch(() => {});
      throw new ApiError(422, `Could not read ${url}: ${(error as Error)?.message ?? "network error"}`);
    }
    const { done, value } = chunk;
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => {});
      if (!opts.truncate) throw new ApiError(413, `${url} is larger than ${maxBytes} bytes`);
      parts.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      break;
    }
    size += value.byteLength;
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** A promise that rejects when `signal` aborts (with its reason). */
function abortedPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * One HTTP exchange through the guard, for protocol clients (Git smart HTTP): any method and body; every
 * status is answered (the client reads 401 and 404 itself); GET and HEAD follow redirects by hand, each hop
 * checked; the response body is cut off past `maxBytes`. Guard refusals are 400, network failures 422.
 */
export async function safeRequest(
  env: Env,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Uint8Array },
  opts: { maxBytes: number; timeoutMs?: number },
): Promise<SafeResponse> {
  const method = (init.method ?? "GET").toUpperCase();
  let sent = { ...init.headers };
  let current = url;
  for (let hop = 0; hop < 5; hop++) {
    const parsed = checkPublicUrl(env, current);
    let response: Response;
    try {
      response = await fetch(parsed.toString(), {
        method,
        headers: sent,
        body: init.body && method !== "GET" && method !== "HEAD" ? init.body : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new ApiError(422, `Could not fetch ${parsed.toString()}: ${(error as Error).message ?? "network error"}`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location && (method === "GET" || method === "HEAD")) {
      await response.body?.cancel();
      try {
        current = new URL(location, parsed).toString();
      } catch {
        throw new ApiError(422, `${parsed.toString()} redirected to a malformed URL`);
      }
      // Credentials never follow a redirect to another origin.
      if (new URL(current).origin !== parsed.origin)
        sent = Object.fromEntries(Object.entries(sent).filter(([k]) => k.toLowerCase() !== "authorization"));
      continue;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const bytes = await readLimited(response, parsed.toString(), opts.maxBytes);
    return { url: parsed.toString(), status: response.status, statusText: response.statusText, headers, bytes };
  }
  throw badRequest("Too many redirects");
}

/**
 * Fetches a public http(s) resource for the user (file uploads by URL, imports): private, loopback and
 * link-local addresses are refused unless the deployment allows loopback (tests), redirects are followed by
 * hand so each hop is checked, and the body is refused past `maxBytes` (413), or with `truncate` cut off there (a
 * bounded read of what comes first, e.g. an HTML page's head). `timeoutMs` bounds each hop, its body included.
 * Failures are 4xx, never 500.
 */
export async function fetchPublicResource(
  env: Env,
  url: string,
  opts: { maxBytes: number; timeoutMs?: number; truncate?: boolean; headers?: Record<string, string> },
) {
  let current = url;
  for (let hop = 0; hop < 5; hop++) {
    let parsed: URL;
    try {
      parsed = new URL(current);
    } catch {
      throw badRequest(`"${current}" is not a valid URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw badRequest("Only http(s) URLs can be fetched");
    if (isPrivateHost(parsed.hostname) && !loopbackAllowed(env, parsed.hostname)) {
      throw badRequest(
        `Refusing to fetch ${parsed.hostname}: private, loopback and link-local addresses are not allowed`,
      );
    }
    let response: Response;
    const signal = AbortSignal.timeout(opts.timeoutMs ?? 15_000);
    try {
      response = await fetch(parsed.toString(), { redirect: "manual", signal, headers: opts.headers });
    } catch (error) {
      throw new ApiError(422, `Could not fetch ${parsed.toString()}: ${(error as Error).message ?? "network error"}`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
      try {
        current = new URL(response.headers.get("location")!, parsed).toString();
      } catch {
        throw new ApiError(422, `${parsed.toString()} redirected to a malformed URL`);
      }
      continue;
    }
    if (!response.ok) throw new ApiError(422, `Fetching ${parsed.toString()} answered ${response.status}`);
    const bytes = await readLimited(response, parsed.toString(), opts.maxBytes, { truncate: opts.truncate, signal });
    return {
      bytes,
      contentType: response.headers.get("content-type")?.split(";")[0].trim() || undefined,
      url: parsed.toString(),
    };
  }
  throw badRequest("Too many redirects");
}
