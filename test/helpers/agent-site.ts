import { changeRequestWith } from "./content";
import { client, ORIGIN, workerFetch } from "./http";
import { seedOrganization } from "./seed";

/** Chrome's navigation Accept header. */
export const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** A site over one space with two pages, published (or not yet, for visibilities that need credentials). */
export async function seedSite(visibility: "public" | "share-link" = "public") {
  const { organization, owner } = await seedOrganization("Agents");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const cr = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Welcome to the **quokka** guide.\n" } },
    { operation: "insert_page", title: "Feeding", document: { markdown: "Quokkas eat *leaves*.\n" } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Quokka docs",
    visibility,
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  return { organization, owner, gb, space, site };
}

/** GET a path of the API's origin (or a full URL), redirects not followed. */
export const get = (path: string, headers: Record<string, string> = {}) =>
  workerFetch(path.startsWith("http") ? path : `${ORIGIN}${path}`, { headers, redirect: "manual" });

/** The Link header's entries as `{href, rel, type}`. */
export function links(res: Response) {
  return (res.headers.get("link") ?? "")
    .split(/,\s*(?=<)/)
    .filter(Boolean)
    .map((entry) => ({
      href: /^<([^>]*)>/.exec(entry)?.[1],
      rel: /rel="([^"]*)"/.exec(entry)?.[1],
      type: /type="([^"]*)"/.exec(entry)?.[1],
    }));
}
