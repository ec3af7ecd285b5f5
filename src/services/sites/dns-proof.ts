import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { safeRequest } from "../../lib/safe-fetch";

/** Cloudflare's public DNS-over-HTTPS resolver (JSON API), unless DNS_RESOLVER_URL names another. */
export const DEFAULT_DNS_RESOLVER = "https://cloudflare-dns.com/dns-query";

/** The TXT record proving a host is a site's: `_quire-challenge.<host>`, holding the site's token. */
export const CHALLENGE_LABEL = "_quire-challenge";

const RECORD_TYPES = { TXT: 16, CNAME: 5 } as const;
const MAX_ANSWER_BYTES = 64 * 1024;

/** What the host's DNS says: the TXT values at its challenge name, and the names it is a CNAME to. */
export interface DnsEvidence {
  txt: string[];
  cname: string[];
}

/** `host.`, `HOST` → `host` (how DNS names are compared). */
export function dnsName(name: string) {
  return name.trim().toLowerCase().replace(/\.$/, "");
}

/** Both lookups, at once. A resolver that cannot be reached or answers nonsense is a 502, never a proof. */
export async function dnsEvidence(env: Env, host: string): Promise<DnsEvidence> {
  const [txt, cname] = await Promise.all([
    lookup(env, `${CHALLENGE_LABEL}.${host}`, "TXT"),
    lookup(env, host, "CNAME"),
  ]);
  return { txt, cname };
}

/** One DNS-over-HTTPS JSON query (`?name=…&type=…`, `accept: application/dns-json`) through the SSRF guard. */
async function lookup(env: Env, name: string, type: keyof typeof RECORD_TYPES): Promise<string[]> {
  const unreachable = () => new ApiError(502, `The DNS resolver did not answer for ${name} (${type}); try again later`);
  let url: URL;
  try {
    url = new URL(env.DNS_RESOLVER_URL || DEFAULT_DNS_RESOLVER);
  } catch {
    throw unreachable();
  }
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  let body: { Status?: unknown; Answer?: unknown };
  try {
    const res = await safeRequest(
      env,
      url.toString(),
      { headers: { accept: "application/dns-json" } },
      { maxBytes: MAX_ANSWER_BYTES, timeoutMs: 5000 },
    );
    if (res.status !== 200) throw unreachable();
    body = JSON.parse(new TextDecoder().decode(res.bytes));
  } catch {
    throw unreachable();
  }
  // Status 3 (NXDOMAIN) and the like: no such records.
  if (body?.Status !== 0 || !Array.isArray(body.Answer)) return [];
  return body.Answer.filter(
    (a): a is { type: number; data: string } => a?.type === RECORD_TYPES[type] && typeof a.data === "string",
  ).map((a) => (type === "TXT" ? txtValue(a.data) : dnsName(a.data)));
}

/** A TXT answer's text: its quoted character-strings joined (`"ab" "cd"` → `abcd`), or the data as given. */
function txtValue(data: string) {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
  return (parts.length ? parts.join("") : data).trim();
}
