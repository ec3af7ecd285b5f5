import { describe, expect, it } from "vitest";
import { api, workerFetch } from "../helpers/http";
import { bodyOf, type Doc, type Operation, operationsOf, QUERIES, sample, seedWorld } from "../helpers/openapi-world";

// The security matrix, generated from the served /openapi.json: every operation is checked without a token
// (401), with another organization's admin token (404) and, for writes, with a `read` member's token (403).
// An operation the document adds later is covered without editing this file; one that is neither checked
// nor named in an allowlist below (with its reason) fails the test.

const WRITE = new Set(["post", "put", "patch", "delete"]);

/** Served without a token, and why. The document must mark each of them anonymous (`security: [{}, …]`). */
const ANONYMOUS: Record<string, string> = {
  getApiInformation: "the API's version and build, public by design",
  createPasskeyRegistrationOptions:
    "signing in: a sign-in link's secret or an invite link (a new account) is the credential, or the caller's session",
  registerPasskey: "signing in: the ceremony's challenge, bound to the browser, is the credential",
  createPasskeyAuthenticationOptions: "signing in: options for any passkey, before anyone is signed in",
  signInWithPasskey: "signing in: the passkey's signature is the credential",
  signOut: "ends the session of the cookie sent, if any; signed out already is 204",
  getSpaceById: "public and unlisted spaces are readable anonymously (CONTRACT §7)",
  downloadFile: "a file's downloadURL: the URL's signature authorizes it, not a token",
  uploadStorageFile: "generateStorageUploadURL's url: the URL's signature authorizes it, not a token",
  listSSOProviderLoginsInOrganization: "the SSO login buttons shown before the user has signed in",
  getIntegrationImage: "the icons and preview images of public integrations are shown to anyone",
  listPages: "published content: spaces on public/unlisted sites, or with a share key or visitor JWT",
  getPageById: "published content",
  getPageByPath: "published content",
  getDocumentById: "published content",
  getFileById: "published content",
  listFiles: "published content",
  getCurrentRevision: "published content",
  getReusableContentById: "published content",
  searchSpaceContent: "published content",
  getPublishedContentSite: "the published experience: anyone once the site is published to them",
  getSiteStructure: "the published experience",
  listSiteSpaces: "the published experience",
  listSiteSections: "the published experience",
  getSiteRedirectBySource: "the published experience (a visitor following an old link)",
  searchSiteContent: "published sites: public/unlisted, or with a share key or visitor JWT",
  prewarmSiteSearch: "a hint before a search: whoever may search the site (searchSiteContent's rules)",
  getPublishedContentByUrl: "a published site's visitors resolve its URLs (credentials in the URL or the JWT)",
  resolvePublishedContentByUrl: "a published site's visitors resolve its URLs (credentials in the URL or the JWT)",
  trackEventsInSiteById: "a published site's own pages send their readers' events, without a token",
  submitSiteAgentFeedback: "agents reading a published site send feedback about it, without a token",
  submitAgentFeedbackToSite: "agents reading a published site send feedback about it, without a token",
};

/** Of those, the ones that answer 2xx about the private fixtures too; the others must refuse an anonymous caller. */
const ANONYMOUS_ABOUT_PRIVATE = new Set([
  "getApiInformation",
  "listSSOProviderLoginsInOrganization",
  // Sign-in is about no organization: options for anyone, and answers that fail without a ceremony (400).
  "createPasskeyAuthenticationOptions",
  "registerPasskey",
  "signInWithPasskey",
  "signOut",
]);

/** Not scoped to the organization under test, so another organization's admin legitimately gets an answer. */
const NOT_ORGANIZATION_SCOPED: Record<string, string> = {
  getApiInformation: "no resource",
  getAuthenticatedUser: "the caller's own user",
  listOrganizationsForAuthenticatedUser: "the caller's own organizations",
  listApiTokens: "the caller's own tokens",
  createApiToken: "creates a token for the caller",
  listSessions: "the caller's own sessions",
  revokeSession: "the caller's own sessions (another's id ends nothing: test/routes/auth-passkeys.test.ts)",
  createPasskeyRegistrationOptions:
    "a passkey for the caller's own account; a new account through an invite link is refused to a signed-in caller " +
    "(test/routes/auth-invite-sign-up.test.ts)",
  registerPasskey:
    "a passkey for the caller's own account (400 without the browser's ceremony); an invite's ceremony joins only " +
    "the organization it began for (test/routes/auth-invite-sign-up.test.ts)",
  createPasskeyAuthenticationOptions: "signing in is about no organization",
  signInWithPasskey: "signing in is about no organization (400 without the browser's ceremony)",
  signOut: "ends the caller's own session",
  getOrganizationsForEmailDomain: "lists only organizations that opted into joining by email domain",
  getSubdomain: "answers whether a subdomain is taken, for any user",
  getUserById: "a user's public profile is visible to any signed-in user",
  updateUserById: "users are not an organization's: any signed-in user sees a profile, so editing another's is 403",
  listSSOProviderLoginsInOrganization: "served anonymously: the SSO login buttons shown before signing in",
  downloadFile: "the URL's signature is the credential, not a token (a token without it is 400: no signature)",
  uploadStorageFile:
    "the signed upload URL is the credential, not a token (a forged signature is 403; test/routes/storage-upload.test.ts)",
  joinOrganizationWithInvite: "the invite link is the credential: anyone holding it may join",
  listIntegrations: "public integrations, and those of the caller's own organizations (none of the owner's here)",
  createOrganization: "creates a new organization, whose admin the caller becomes (ALLOW_ORGANIZATION_CREATION)",
  joinOrganization:
    "open to anyone whose email domain the organization lists; others get the reference's 400 and no membership " +
    "(test/routes/organization-signup.test.ts)",
  getEmbedByUrl: "metadata of a public URL, fetched without credentials: the same for any signed-in caller",
};

/** Writes a `read` member may do, and why (CONTRACT §7 roles). */
const READER_MAY_WRITE: Record<string, string> = {
  createOrganization: "any person may create an organization of their own (ALLOW_ORGANIZATION_CREATION=anyone)",
  joinOrganization: "a member joining again: 204, nothing changes",
  createApiToken: "the caller's own tokens",
  revokeApiToken: "the caller's own tokens",
  revokeSession: "the caller's own sessions",
  createPasskeyRegistrationOptions: "a passkey for the caller's own account",
  registerPasskey: "a passkey for the caller's own account",
  createPasskeyAuthenticationOptions: "signing in",
  signInWithPasskey: "signing in",
  signOut: "the caller's own session",
  updateOrganizationMemberLastSeenAt: "ping: the caller's own last-seen time",
  joinOrganizationWithInvite: "the invite link is the credential: anyone holding it may join",
  searchSiteContent: "a read sent as POST (the query is its body): readers search the site",
  resolvePublishedContentByUrl: "a read sent as POST (the URL is its body), open to the site's visitors",
  getComputedDocument: "a read sent as POST (the source is its body): readers see computed content",
  getComputedRevision: "a read sent as POST (the source is its body): readers see computed content",
  renderIntegrationUIWithPost: "a read sent as POST (the component's props are its body): members render blocks",
  prewarmSiteSearch: "a read sent as POST (a hint that a search is coming): readers search the site",
  aggregateSiteEvents: "a read sent as POST (the aggregation is its body): readers see the site's insights",
  trackEventsInSiteById: "anyone who reads the site sends its events (the published pages do, without a token)",
  submitSiteAgentFeedback: "anyone who reads the site may send feedback about it",
  submitAgentFeedbackToSite: "anyone who reads the site may send feedback about it",
  askInOrganization: "a read sent as POST (the question is its body): members ask what they can read",
  streamAskInSite: "a reader's question (its body), answered from what they read; only the site's insights record it",
  streamAIResponseInSite:
    "a reader's message (its body), answered from what they read; only the site's insights record it",
};

/** Deletes whose resource has no read of its own or of its parent path, and the read that lists it. */
const DELETE_READ_BACK: Record<string, string> = {
  removeSectionFromGroup: "/v1/orgs/{organizationId}/sites/{siteId}/section-groups",
  deleteSiteExternalLinkById: "/v1/orgs/{organizationId}/sites/{siteId}/structure",
};

/** Deletes of something Quire never holds, so there is nothing to read back, and why. */
const NOTHING_TO_READ_BACK: Record<string, string> = {
  revokeSession:
    "the fixtures hold no session (a browser's passkey ceremony opens one); test/routes/auth-passkeys.test.ts " +
    "revokes one and sees it gone",
  deleteLegacyGitInstallation: "Quire never has GitBook's legacy Git Sync installation: the delete is always 204",
  disableIntegrationDevelopmentMode:
    "no read shows development mode (the Integration object has no field for it); " +
    "test/routes/integration-dev-mode.test.ts checks that refused disables leave it on",
};

/** Path parameters the fixtures cannot fill (the checks then reach only the lookup), and why. */
const NOT_SEEDED: Record<string, string> = {
  reusableContentId: "reusable contents cannot be written through the API yet",
  documentId: "standalone documents cannot be written through the API yet",
  sessionId: "sessions are opened by a browser's passkey ceremony (test/routes/auth-passkeys.test.ts revokes them)",
};

/** Reads the owner cannot make with the fixtures' ids, and why (every other read must answer 2xx to them). */
const OWNER_READ_EXCEPTIONS: Record<string, string> = {
  downloadFile: "needs the downloadURL's signature in the query, which the document cannot describe",
  // Anonymous by design, so the same URL that answers the owner would answer anyone: the fixtures' site stays
  // unpublished (private), and its URL resolves for nobody (404).
  getPublishedContentByUrl: "the fixtures' site is not published: its URL is a 404 for everyone",
};

describe("security matrix over every served operation", () => {
  it("answers 401 anonymously, 404 across organizations and 403 to readers' writes", async () => {
    const doc = (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as Doc;
    const world = await seedWorld();
    const operations = operationsOf(doc);
    const pathOf = (op: Operation) => {
      const ids = op.template.includes("/change-requests/{changeRequestId}/comments") ? world.crKnown : world.known;
      const path = op.template
        .replace(/^\/v1/, "")
        .replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `unknown-${name}`);
      const query = new URLSearchParams(
        op.requiredQuery.map((q) => [
          q.name,
          QUERIES[op.operationId]?.[q.name]?.(world.known) ?? String(sample(q.schema, doc)),
        ]),
      );
      return query.size ? `${path}?${query}` : path;
    };
    const call = (op: Operation, token?: string) =>
      api(op.method.toUpperCase(), pathOf(op), {
        token,
        ...(op.method === "get" || op.method === "delete"
          ? {}
          : { body: bodyOf(op.operationId, world.known) ?? sample(op.body, doc) ?? {} }),
      });
    const failures: string[] = [];
    const fail = (check: string, op: Operation, res: { status: number; text: string }) =>
      failures.push(
        `${check} ${op.operationId} ${op.method.toUpperCase()} ${pathOf(op)} → ${res.status} ${res.text.slice(0, 160)}`,
      );
    const counts = { anonymous: 0, outsider: 0, reader: 0, readBack: 0 };
    for (const op of operations) {
      for (const [, name] of op.template.matchAll(/\{(\w+)\}/g)) {
        if (!(name! in world.known) && !NOT_SEEDED[name!])
          failures.push(`${op.operationId}: no fixture for {${name}}; seed one or list it in NOT_SEEDED`);
      }
    }

    // The fixtures are real: the owner reads every one (so the 404s below come from authorization, not lookups).
    for (const op of operations) {
      if (
        op.method !== "get" ||
        OWNER_READ_EXCEPTIONS[op.operationId] ||
        /\{(reusableContentId|documentId)\}/.test(op.template)
      )
        continue;
      const res = await call(op, world.owner.token);
      if (res.status >= 300) fail("owner", op, res);
    }

    for (const op of operations) {
      if (ANONYMOUS[op.operationId]) {
        if (!op.security?.some((s) => s && Object.keys(s as object).length === 0))
          failures.push(`anonymous ${op.operationId} is not marked anonymous in the document`);
        const res = await call(op); // the fixtures are private: only what is public by design answers 2xx
        if (res.status < 300 && !ANONYMOUS_ABOUT_PRIVATE.has(op.operationId)) fail("anonymous on private", op, res);
        if (res.status >= 500) fail("anonymous", op, res);
        continue;
      }
      counts.anonymous++;
      const res = await call(op);
      const body = res.json?.error;
      if (
        res.status !== 401 ||
        !/^Bearer/.test(res.headers.get("www-authenticate") ?? "") ||
        body?.code !== 401 ||
        typeof body?.message !== "string"
      ) {
        fail("anonymous", op, res);
      }
    }

    for (const op of operations) {
      if (NOT_ORGANIZATION_SCOPED[op.operationId]) continue;
      counts.outsider++;
      const res = await call(op, world.outsider.token);
      if (res.status === 404 && res.json?.error?.code === 404) continue;
      if (op.method === "delete" && res.status === 204) continue; // checked below: nothing was deleted
      fail("outsider", op, res);
    }

    for (const op of operations) {
      if (!WRITE.has(op.method) || READER_MAY_WRITE[op.operationId]) continue;
      counts.reader++;
      const res = await call(op, world.reader.token);
      if (res.status === 403 && res.json?.error?.code === 403) continue;
      fail("reader", op, res);
    }

    // Nothing the outsider or the reader sent deleted anything: every resource still reads with the owner's
    // token, by its own path or, where it has none, in its parent's list.
    for (const op of operations) {
      if (op.method !== "delete" || NOTHING_TO_READ_BACK[op.operationId]) continue;
      const own = operations.find((o) => o.method === "get" && o.template === op.template);
      const parentTemplate = op.template.replace(/\/\{\w+\}$/, "");
      const parent = operations.find(
        (o) => o.method === "get" && o.template === (DELETE_READ_BACK[op.operationId] ?? parentTemplate),
      );
      const read = own ?? parent;
      if (!read) {
        failures.push(`${op.operationId}: no read to check the delete against`);
        continue;
      }
      counts.readBack++;
      const res = await api("GET", pathOf(read), { token: world.owner.token });
      const deletedId = pathOf(op).split("/").at(-1)!;
      if (res.status !== 200 || (!own && !res.text.includes(deletedId)))
        fail(`still there after ${op.operationId}`, read, res);
    }
    // The outsider's revokeApiToken named the owner's token: a 204 that revoked nothing.
    const owner = await api("GET", "/user", { token: world.owner.token });
    if (owner.status !== 200) failures.push(`the owner's token stopped working: ${owner.status}`);
    expect(failures).toEqual([]);
    // Every operation was checked or allowlisted (by construction of the loops; the counts keep them honest).
    const listed = (list: Record<string, string>) => operations.filter((op) => list[op.operationId]).length;
    expect(operations.length).toBeGreaterThan(140);
    expect(counts.anonymous).toBe(operations.length - listed(ANONYMOUS));
    expect(counts.outsider).toBe(operations.length - listed(NOT_ORGANIZATION_SCOPED));
    expect(counts.reader).toBe(operations.filter((op) => WRITE.has(op.method)).length - listed(READER_MAY_WRITE));
    expect(counts.readBack).toBe(
      operations.filter((op) => op.method === "delete").length - listed(NOTHING_TO_READ_BACK),
    );
  }, 60_000);
});
