import { env } from "cloudflare:workers";
import { createDb } from "../../src/db/client";
import type { MemberRole } from "../../src/services/access/roles";
import { addMember, createOrganization } from "../../src/services/people/organizations";
import { issueToken } from "../../src/services/people/tokens";
import { findOrCreateUser } from "../../src/services/people/users";

export const db = createDb(env.DB);
let counter = 0;

/** A new user with a token (through the same services the API and bootstrap use). */
export async function seedUser(name = "user") {
  const n = ++counter;
  const email = `${name}-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await findOrCreateUser(db, { email, displayName: `${name} ${n}` }, Date.now());
  const { secret, row } = await issueToken(db, user.id, "test", Date.now());
  return { user, token: secret, tokenId: row.id };
}

/** An organization owned (admin) by a new user. */
export async function seedOrganization(title = "Acme") {
  const owner = await seedUser("owner");
  const organization = await createOrganization(db, { title, ownerId: owner.user.id }, Date.now());
  return { organization, owner };
}

/** A new user who is a member of the organization with the given role (null: guest). */
export async function seedMember(organizationId: string, role: MemberRole, name = "member") {
  const member = await seedUser(name);
  await addMember(db, organizationId, member.user.id, role, Date.now());
  return member;
}
