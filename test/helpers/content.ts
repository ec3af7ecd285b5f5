import { api, client } from "./http";
import { seedMember, seedOrganization } from "./seed";

/** An organization, its admin, and a new space (through the API). */
export async function seedSpace(title = "Docs") {
  const { organization, owner } = await seedOrganization();
  const { data: space } = await client(owner.token).orgs.createSpace(organization.id, { title });
  return { organization, owner, space, api: client(owner.token) };
}

/** A member of the space's organization with a role. */
export function seedSpaceMember(organizationId: string, role: Parameters<typeof seedMember>[1]) {
  return seedMember(organizationId, role);
}

/** Writes a batch of content changes (Quire's operation) and returns the raw response (compat=false). */
export async function writeContent(token: string, spaceId: string, changeRequestId: string, changes: unknown[]) {
  return api("POST", `/spaces/${spaceId}/change-requests/${changeRequestId}/content?compat=false`, {
    token,
    body: { changes },
  });
}

/** Creates a change request, writes the changes into it, and returns the change request id and page ids. */
export async function changeRequestWith(token: string, spaceId: string, changes: unknown[], subject = "Edit") {
  const { data: cr } = await client(token).spaces.createChangeRequest(spaceId, { subject });
  const res = await writeContent(token, spaceId, cr.id, changes);
  if (res.status !== 200) throw new Error(`content write failed: ${res.status} ${res.text}`);
  const pages = (res.json.changes as { object: string; page: { id: string } | string; ref?: string }[]).map((c) =>
    typeof c.page === "string" ? c.page : c.page.id,
  );
  return { cr, pages, response: res.json };
}
