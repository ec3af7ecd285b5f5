import type { Env } from "../env";
import { ApiError, badRequest } from "./errors";

/** Hostnames and IP literals that must never be fetched on a user's behalf (SSRF). */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
    );
  }
  if (host.includes(":")) {
    return host === "::1" || host === "::" || host.startsWith("fc") || host.startsWith("fd") || host.startsWith("fe80") || host.startsWith("::ffff:");
  }
  return false;
}

function loopbackAllowed(env: Env, hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return env.ALLOW_LOOPBACK_FETCH === "true" && (host === "localhost" || host === "127.0.0.1" || host === "::1");
}

/**
 * Fetches a public http(s) resource for the user (file uploads by URL, imports): private, loopback and
 * link-local addresses are refused unless the deployment allows loopback (tests), redirects are followed by
 * hand so each hop is checked, and the body is cut off past `maxBytes`. Failures are 4xx, never 500.
 */
export async function fetchPublicResource(env: Env, url: string, opts: { maxBytes: number; timeoutMs?: number }) {
  let current = url;
  for (let hop = 0; hop < 5; hop++) {
    let parsed: URL;
    try {
      parsed = new URL(current);
    } catch {
      throw badRequest(`"${current}" is not a valid URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw badRequest("Only http(s) URLs can be fetched");
    if (isPrivateHost(parsed.hostname) && !loopbackAllowed(env, parsed.hostname)) {
      throw badRequest(`Refusing to fetch ${parsed.hostname}: private, loopback and link-local addresses are not allowed`);
    }
    let response: Response;
    try {
      response = await fetch(parsed.toString(), { redirect: "manual", signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
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
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > opts.maxBytes) throw new ApiError(413, `${parsed.toString()} is larger than ${opts.maxBytes} bytes`);
    const reader = response.body?.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > opts.maxBytes) {
        await reader.cancel();
        throw new ApiError(413, `${parsed.toString()} is larger than ${opts.maxBytes} bytes`);
      }
      parts.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return { bytes, contentType: response.headers.get("content-type")?.split(";")[0].trim() || undefined, url: parsed.toString() };
  }
  throw badRequest("Too many redirects");
}
