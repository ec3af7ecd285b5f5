import { env } from "cloudflare:workers";
import { api, type client } from "./http";

/** A public site showing `spaceId`, created and published through the official client. */
export async function publishedPublicSite(
  gb: ReturnType<typeof client>,
  organizationId: string,
  spaceId: string,
  title = "Docs",
) {
  const { data: site } = await gb.orgs.createSite(organizationId, {
    title,
    visibility: "public",
    spaces: [spaceId],
  } as never);
  await gb.orgs.publishSite(organizationId, site.id);
  return site;
}

/** Sets a name's records in the fixture server's DNS-over-HTTPS stub (test/fixture-server/global-setup.ts). */
export async function setDnsRecords(name: string, type: "TXT" | "CNAME", values: string[]) {
  const res = await fetch(`${env.FIXTURE_ORIGIN}/dns/records?name=${encodeURIComponent(name)}&type=${type}`, {
    method: "PUT",
    body: JSON.stringify(values),
  });
  if (res.status !== 204) throw new Error(`DNS stub: ${res.status}`);
}

/** Proves a custom host with the TXT challenge getCustomHostname names, then revalidates it (it serves after). */
export async function verifyCustomHost(token: string, host: string) {
  const hostname = await api("GET", `/custom-hostnames/${host}`, { token });
  if (hostname.status !== 200) throw new Error(`getCustomHostname: ${hostname.status} ${hostname.text}`);
  const { txt } = hostname.json.verification as { txt: { name: string; values: string[] } };
  await setDnsRecords(txt.name, "TXT", txt.values);
  const revalidated = await api("PATCH", `/custom-hostnames/${host}`, { token });
  if (revalidated.status !== 204) throw new Error(`dnsRevalidateCustomHostname: ${revalidated.status}`);
}
