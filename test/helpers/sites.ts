import { env } from "cloudflare:workers";
import { changeRequestWith } from "./content";
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

/**
 * Two sections on a site: the first publishes `spaceId` (and is the default), the second "Beta" with a variant
 * "Beta v2"; both Beta spaces have a merged "Features" page.
 */
export async function sectionsWithVariant(
  gb: ReturnType<typeof client>,
  token: string,
  organizationId: string,
  siteId: string,
  spaceId: string,
) {
  const { data: beta } = await gb.orgs.createSpace(organizationId, { title: "Beta" });
  const { data: v2 } = await gb.orgs.createSpace(organizationId, { title: "Beta v2" });
  for (const id of [beta.id, v2.id]) {
    const cr = await changeRequestWith(token, id, [
      { operation: "insert_page", title: "Features", document: { markdown: "New." } },
    ]);
    await gb.spaces.mergeChangeRequest(id, cr.cr.id);
  }
  const first = (await gb.orgs.addSectionToSite(organizationId, siteId, { spaceId } as never)).data;
  const second = (await gb.orgs.addSectionToSite(organizationId, siteId, { spaceId: beta.id } as never)).data;
  const variant = (
    await gb.orgs.addSpaceToSite(organizationId, siteId, { spaceId: v2.id, sectionId: second.id } as never)
  ).data as { id: string; path: string };
  await gb.orgs.updateSiteById(organizationId, siteId, { defaultSiteSection: first.id } as never);
  return { beta, v2, first, second, variant };
}
