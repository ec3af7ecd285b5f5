// Creates (or reuses) a user, puts them in an organization, and issues an API token and a one-time sign-in link
// for the app (register a passkey within the hour), both printed once.
//   npm run bootstrap -- --email ada@example.com [--name "Ada"] [--org "Acme" | --org-id ID] [--role admin]
//                        [--origin http://localhost:8787] [--json] [--remote]
// It writes to the same D1 database `npm start` serves (or the deployed one with --remote), through
// `wrangler d1 execute`, using the app's own id and token generators.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { newApiToken, sha256Hex } from "../src/lib/crypto";
import { newId } from "../src/lib/ids";
import { ROLES } from "../src/services/access/roles";
import { newSignInLink, signInLinkUrl } from "../src/services/auth/links";

const { values: args } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    org: { type: "string" },
    "org-id": { type: "string" },
    role: { type: "string", default: "admin" },
    label: { type: "string", default: "bootstrap" },
    // Where the app is served (the link opens there); the deployed app's origin with --remote.
    origin: { type: "string", default: "http://localhost:8787" },
    json: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    // Where local state lives when it is not wrangler's default (.wrangler/state), as for `wrangler dev --persist-to`.
    "persist-to": { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`bootstrap: ${message}`);
  process.exit(1);
}

const email = args.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail("--email <address> is required");
if (args.org && args["org-id"]) fail("use either --org <title> or --org-id <id>, not both");
const role = args.role === "guest" ? null : args.role;
if (role !== null && !(ROLES as readonly string[]).includes(role ?? "")) {
  fail(`--role must be one of ${ROLES.join(", ")} or guest`);
}

const q = (value: string | null) => (value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`);

function d1(sql: string): Array<{ results: Record<string, unknown>[] }> {
  const dir = mkdtempSync(join(tmpdir(), "quire-bootstrap-"));
  const file = join(dir, "bootstrap.sql");
  writeFileSync(file, sql);
  const where = args.remote
    ? ["--remote"]
    : ["--local", ...(args["persist-to"] ? ["--persist-to", args["persist-to"]] : [])];
  const run = spawnSync("wrangler", ["d1", "execute", "DB", ...where, "--file", file, "--json"], {
    encoding: "utf8",
    shell: process.platform === "win32",
  });
  if (run.status !== 0) fail(`wrangler d1 execute failed:\n${run.stderr || run.stdout}`);
  const start = run.stdout.indexOf("[");
  return JSON.parse(run.stdout.slice(start));
}

const now = Date.now();
const displayName = args.name?.trim() || email.split("@")[0];

// 1. What exists already: the user, and (without --org-id) an organization of theirs to reuse.
const [lookup] = d1(`
  SELECT u.id AS userId,
    (SELECT o.id FROM organizations o JOIN organization_members m ON m.organization_id = o.id
      WHERE m.user_id = u.id ${args.org ? `AND o.title = ${q(args.org)}` : ""}
      ORDER BY m.joined_at LIMIT 1) AS organizationId
  FROM users u WHERE u.email = ${q(email)};
`);
const found = lookup.results[0] as { userId?: string; organizationId?: string | null } | undefined;
if (args["org-id"] && !d1(`SELECT id FROM organizations WHERE id = ${q(args["org-id"])};`)[0].results.length) {
  fail(`no organization with id ${args["org-id"]}`);
}

const userId = found?.userId ?? newId();
const organizationId = args["org-id"] ?? found?.organizationId ?? newId();
const createOrganization = !args["org-id"] && !found?.organizationId;
const token = newApiToken();
const link = await newSignInLink(now);
const signInLink = signInLinkUrl(args.origin!.replace(/\/+$/, ""), link.secret);

// 2. One file of writes: user, organization, membership, token.
d1(`
  INSERT INTO users (id, email, display_name, photo_url, created_at, updated_at)
    VALUES (${q(userId)}, ${q(email)}, ${q(displayName)}, NULL, ${now}, ${now})
    ON CONFLICT(email) DO NOTHING;
  -- Pending email invitations (POST /v1/orgs/{id}/invites) become memberships, as in findOrCreateUser.
  INSERT INTO organization_members (organization_id, user_id, role, joined_at, disabled, sso)
    SELECT i.organization_id, u.id, i.role, ${now}, 0, i.sso
    FROM organization_invitations i JOIN users u ON u.email = i.email
    WHERE i.email = ${q(email)}
    ON CONFLICT(organization_id, user_id) DO NOTHING;
  DELETE FROM organization_invitations WHERE email = ${q(email)};
  ${
    createOrganization
      ? `INSERT INTO organizations (id, title, type, email_domains, default_role, sso, ai, invite_links, created_at, updated_at)
           VALUES (${q(organizationId)}, ${q(args.org ?? "My organization")}, 'business', '[]', 'read', 0, 0, 1, ${now}, ${now});`
      : ""
  }
  INSERT INTO organization_members (organization_id, user_id, role, joined_at, disabled, sso)
    VALUES (${q(organizationId)}, ${q(userId)}, ${q(role)}, ${now}, 0, 0)
    ON CONFLICT(organization_id, user_id) DO UPDATE SET role = excluded.role;
  INSERT INTO api_tokens (id, user_id, label, token_hash, token_prefix, created_at)
    VALUES (${q(newId())}, ${q(userId)}, ${q(args.label ?? "bootstrap")}, ${q(await sha256Hex(token))}, ${q(token.slice(0, 8))}, ${now});
  INSERT INTO sign_in_links (token_hash, user_id, created_at, expires_at)
    SELECT ${q(link.tokenHash)}, u.id, ${now}, ${link.expiresAt} FROM users u WHERE u.email = ${q(email)};
`);

if (args.json) {
  process.stdout.write(`${JSON.stringify({ token, userId, organizationId, signInLink })}\n`);
} else {
  console.log(`User:         ${email} (${userId})`);
  console.log(`Organization: ${organizationId}${createOrganization ? " (created)" : ""} as ${role ?? "guest"}`);
  console.log(`API token:    ${token}`);
  console.log("The token is shown only now. Use it as: Authorization: Bearer <token>");
  console.log(`Sign in:      ${signInLink}`);
  console.log("Open the link within an hour to register a passkey for the app; it works once.");
}
