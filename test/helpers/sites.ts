import type { client } from "./http";

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
