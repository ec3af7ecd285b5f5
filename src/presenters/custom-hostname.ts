import type { UrlBases } from "../services/core";
import type { CustomHostnameView } from "../services/sites";
import type { CustomHostname } from "../wire/custom-hostname";

/**
 * A CustomHostname of the reference for a site `proxy`'s host: its target is the root-most of the
 * organization's sites on it; it is active (`live`) once every one of them is DNS-verified, otherwise the
 * status is the first unverified one's. `verification` (Quire's) lists the records that prove it.
 */
export function presentCustomHostname(
  { host, sites, challenge, contested }: CustomHostnameView,
  urls: UrlBases,
): CustomHostname {
  const pending = sites.find((s) => s.proxyStatus !== "live");
  return {
    object: "custom-hostname" as const,
    hostname: host,
    target: { type: "site" as const, site: sites[0]!.id },
    isActive: !pending,
    status: pending ? (pending.proxyStatus ?? "dns_no_cname") : ("live" as const),
    urls: { location: `${urls.api}/v1/custom-hostnames/${host}` },
    verification: {
      txt: { name: challenge.txtName, values: sites.flatMap((s) => (s.proxyToken ? [s.proxyToken] : [])) },
      // Contested, a CNAME proves nothing (it is the same for every organization): only the TXT record is named.
      ...(challenge.cnameTarget && !contested ? { cname: { name: host, target: challenge.cnameTarget } } : {}),
      ...(contested ? { contested } : {}),
    },
  };
}
