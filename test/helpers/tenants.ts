import { SignJWT } from "jose";
import { addMember } from "../../src/services/people/organizations";
import { changeRequestWith, writeContent } from "./content";
import { api, client } from "./http";
import { db, seedMember, seedOrganization } from "./seed";
import { verifyCustomHost } from "./sites";

// Tenants for the cross-tenant matrices: an organization with one published site of each visibility, an
// unpublished site and a private space, each holding its own space whose page title, body, file and space title
// carry a marker unique to it. Markers are mixed case: page paths (slugs) are lowercase, so a request naming a
// page by its path never carries its marker, and a marker in a response is content that came back.

export const SEARCH_WORD = "wombat"; // in every page body: what the search forms ask for
export const PUBLISHED = ["public", "unlisted", "share-link", "visitor-auth"] as const;
export type Kind = (typeof PUBLISHED)[number] | "unpublished" | "private";
const KINDS: readonly Kind[] = [...PUBLISHED, "unpublished", "private"];

export interface Holding {
  kind: Kind;
  marker: string;
  spaceId: string;
  pageId: string;
  pagePath: string;
  fileId: string;
  revisionId: string;
  /** The site showing the space (none for `private`), its site space. */
  siteId?: string;
  siteSpaceId?: string;
}

/** A space whose one page and one file carry `marker`; merged into main. */
export async function markedSpace(token: string, organizationId: string, marker: string) {
  const gb = client(token);
  const space = (await gb.orgs.createSpace(organizationId, { title: `Space ${marker}` })).data;
  await writeMarked(token, space.id, marker);
  return space;
}

/** Writes a page and a file carrying `marker` into the space's main content. */
export async function writeMarked(token: string, spaceId: string, marker: string) {
  const { cr } = await changeRequestWith(token, spaceId, [
    {
      operation: "insert_page",
      title: `Page ${marker}`,
      document: { markdown: `# Heading ${marker}\n\nThe ${SEARCH_WORD} keeps ${marker} safe.\n` },
    },
  ]);
  const files = await writeContent(token, spaceId, cr.id, [
    {
      operation: "insert_files",
      files: [{ ref: "f", name: `${marker}.txt`, contentType: "text/plain", base64: btoa(`file ${marker}`) }],
    },
  ]);
  if (files.status !== 200) throw new Error(`file write failed: ${files.status} ${files.text}`);
  const merged = await client(token).spaces.mergeChangeRequest(spaceId, cr.id);
  if (merged.data.result !== "merge") throw new Error(`merge: ${merged.data.result}`);
}

/** A visitor JWT signed with `privateKey` (HS256), valid for an hour. */
export function signVisitor(privateKey: string, claims: Record<string, unknown> = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(privateKey));
}

/** An organization with one holding of each kind, a share key for its share-link site and a visitor token. */
export async function seedTenant(tag: string) {
  const { organization, owner } = await seedOrganization(`Tenant ${tag}`);
  const gb = client(owner.token);
  const nonce = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const holdings = await Promise.all(
    KINDS.map(async (kind): Promise<Holding> => {
      const marker = `QzMark${tag}${kind.replace("-", "")}X${nonce}`;
      const space = await markedSpace(owner.token, organization.id, marker);
      const revision = (await gb.spaces.getCurrentRevision(space.id)).data;
      const page = revision.pages[0] as { id: string; path: string };
      const holding: Holding = {
        kind,
        marker,
        spaceId: space.id,
        pageId: page.id,
        pagePath: page.path,
        fileId: revision.files[0]!.id,
        revisionId: revision.id,
      };
      if (kind === "private") return holding;
      const visibility = kind === "unpublished" ? "public" : kind;
      const site = (
        await gb.orgs.createSite(organization.id, { title: `Site ${marker}`, visibility, spaces: [space.id] } as never)
      ).data;
      if (kind !== "unpublished") await gb.orgs.publishSite(organization.id, site.id);
      const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
      return { ...holding, siteId: site.id, siteSpaceId: siteSpace.id };
    }),
  );
  const of = (kind: Kind) => holdings.find((h) => h.kind === kind)!;
  const shareSite = of("share-link").siteId!;
  const link = (await gb.orgs.createSiteShareLink(organization.id, shareSite, { name: "Readers" })).data;
  const shareKey = new URL(link.urls.published!).searchParams.get("share")!;
  const auth = (await gb.orgs.getSitePublishingAuthById(organization.id, of("visitor-auth").siteId!)).data;
  const visitorToken = await signVisitor(auth.privateKey);
  return { tag, organization, owner, gb, holdings, of, shareKey, visitorToken };
}

export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

/**
 * A space of `from` published on its share-link site, then transferred to `to` by an admin of both, and only
 * then given `to`'s content (marked `marker`): what the site of the organization it left must not serve.
 */
export async function transferredSpace(from: Tenant, to: Tenant, marker: string) {
  const mover = await seedMember(from.organization.id, "admin", "mover");
  await addMember(db, to.organization.id, mover.user.id, "admin", Date.now());
  const space = (await from.gb.orgs.createSpace(from.organization.id, { title: "Moving" })).data;
  await from.gb.orgs.addSpaceToSite(from.organization.id, from.of("share-link").siteId!, {
    spaceId: space.id,
  } as never);
  const moved = await api("POST", `/spaces/${space.id}/transfer`, {
    token: mover.token,
    body: { organization: to.organization.id },
  });
  if (moved.status !== 200) throw new Error(`transfer: ${moved.status} ${moved.text}`);
  await client(to.owner.token).spaces.updateSpaceById(space.id, { title: `Space ${marker}` });
  await writeMarked(to.owner.token, space.id, marker);
  const revision = (await to.gb.spaces.getCurrentRevision(space.id)).data;
  const page = revision.pages[0] as { id: string; path: string };
  return { spaceId: space.id, pageId: page.id, pagePath: page.path, fileId: revision.files[0]!.id, revision };
}

/** Makes `host/help` serve the site: its `proxy`, proven by the DNS stub's TXT record and revalidated. */
export async function makeHostServe(tenant: Tenant, siteId: string, host: string) {
  const res = await api("PATCH", `/orgs/${tenant.organization.id}/sites/${siteId}`, {
    token: tenant.owner.token,
    body: { proxy: `${host}/help` },
  });
  if (res.status !== 200) throw new Error(`proxy: ${res.status} ${res.text}`);
  await verifyCustomHost(tenant.owner.token, host);
  return `${host}/help`;
}
