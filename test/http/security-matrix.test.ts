import { describe, expect, it, vi } from "vitest";
import { IDP_CERTIFICATE } from "../fixtures/certificate";
import { env } from "cloudflare:workers";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpaceMember, writeContent } from "../helpers/content";
import { seedOrganization } from "../helpers/seed";
import { defaultSiteCustomization } from "../../src/services/sites";
import type { TranslationLanguage } from "@gitbook/api";
import { compressToEncodedURIComponent } from "lz-string";

/** A language code as the official client types it (an enum). */
const lang = (code: string) => code as TranslationLanguage;

// The security matrix, generated from the served /openapi.json: every operation is checked without a token
// (401), with another organization's admin token (404) and, for writes, with a `read` member's token (403).
// An operation the document adds later is covered without editing this file; one that is neither checked
// nor named in an allowlist below (with its reason) fails the test.

type Schema = Record<string, any>;
type Operation = {
  method: string;
  template: string;
  operationId: string;
  security?: unknown[];
  body?: Schema;
  requiredQuery: { name: string; schema?: Schema }[];
};
type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };

const WRITE = new Set(["post", "put", "patch", "delete"]);

/** Served without a token, and why. The document must mark each of them anonymous (`security: [{}, …]`). */
const ANONYMOUS: Record<string, string> = {
  getApiInformation: "the API's version and build, public by design",
  getSpaceById: "public and unlisted spaces are readable anonymously (CONTRACT §7)",
  downloadFile: "a file's downloadURL: the URL's signature authorizes it, not a token",
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
  getPublishedContentByUrl: "a published site's visitors resolve its URLs (credentials in the URL or the JWT)",
  resolvePublishedContentByUrl: "a published site's visitors resolve its URLs (credentials in the URL or the JWT)",
};

/** Of those, the ones that answer 2xx about the private fixtures too; the others must refuse an anonymous caller. */
const ANONYMOUS_ABOUT_PRIVATE = new Set(["getApiInformation", "listSSOProviderLoginsInOrganization"]);

/** Not scoped to the organization under test, so another organization's admin legitimately gets an answer. */
const NOT_ORGANIZATION_SCOPED: Record<string, string> = {
  getApiInformation: "no resource",
  getAuthenticatedUser: "the caller's own user",
  listOrganizationsForAuthenticatedUser: "the caller's own organizations",
  listApiTokens: "the caller's own tokens",
  createApiToken: "creates a token for the caller",
  getOrganizationsForEmailDomain: "lists only organizations that opted into joining by email domain",
  getSubdomain: "answers whether a subdomain is taken, for any user",
  getUserById: "a user's public profile is visible to any signed-in user",
  updateUserById: "users are not an organization's: any signed-in user sees a profile, so editing another's is 403",
  listSSOProviderLoginsInOrganization: "served anonymously: the SSO login buttons shown before signing in",
  downloadFile: "the URL's signature is the credential, not a token (a token without it is 400: no signature)",
  joinOrganizationWithInvite: "the invite link is the credential: anyone holding it may join",
  listIntegrations: "public integrations, and those of the caller's own organizations (none of the owner's here)",
};

/** Writes a `read` member may do, and why (CONTRACT §7 roles). */
const READER_MAY_WRITE: Record<string, string> = {
  createApiToken: "the caller's own tokens",
  revokeApiToken: "the caller's own tokens",
  updateOrganizationMemberLastSeenAt: "ping: the caller's own last-seen time",
  joinOrganizationWithInvite: "the invite link is the credential: anyone holding it may join",
  searchSiteContent: "a read sent as POST (the query is its body): readers search the site",
  resolvePublishedContentByUrl: "a read sent as POST (the URL is its body), open to the site's visitors",
  getComputedDocument: "a read sent as POST (the source is its body): readers see computed content",
  getComputedRevision: "a read sent as POST (the source is its body): readers see computed content",
  renderIntegrationUIWithPost: "a read sent as POST (the component's props are its body): members render blocks",
};

/** Deletes whose resource has no read of its own or of its parent path, and the read that lists it. */
const DELETE_READ_BACK: Record<string, string> = {
  removeSectionFromGroup: "/v1/orgs/{organizationId}/sites/{siteId}/section-groups",
};

/** Deletes of something Quire never holds, so there is nothing to read back, and why. */
const NOTHING_TO_READ_BACK: Record<string, string> = {
  deleteLegacyGitInstallation: "Quire never has GitBook's legacy Git Sync installation: the delete is always 204",
  disableIntegrationDevelopmentMode:
    "no read shows development mode (the Integration object has no field for it); " +
    "test/routes/integration-dev-mode.test.ts checks that refused disables leave it on",
};

/** Path parameters the fixtures cannot fill (the checks then reach only the lookup), and why. */
const NOT_SEEDED: Record<string, string> = {
  reusableContentId: "reusable contents cannot be written through the API yet",
  documentId: "standalone documents cannot be written through the API yet",
};

/** Reads the owner cannot make with the fixtures' ids, and why (every other read must answer 2xx to them). */
const OWNER_READ_EXCEPTIONS: Record<string, string> = {
  downloadFile: "needs the downloadURL's signature in the query, which the document cannot describe",
  // Anonymous by design, so the same URL that answers the owner would answer anyone: the fixtures' site stays
  // unpublished (private), and its URL resolves for nobody (404).
  getPublishedContentByUrl: "the fixtures' site is not published: its URL is a 404 for everyone",
};

/**
 * Bodies the schema cannot describe (a refinement, or a value from a server-side list), so that the 403/404
 * checks reach authorization. Any other operation gets the minimal body derived from its schema.
 */
const BODIES: Record<string, object | ((known: Record<string, string>) => object)> = {
  createOrganizationInvite: { role: "read" }, // role or level: a refinement, not `required`
  updateOrganizationInviteById: { disabled: false }, // at least one field: a refinement
  applyTemplateToSpace: { id: "getting-started" }, // template ids come from the server's catalogue
  // A document page needs its document, a computed page its source: a refinement.
  updateChangeRequestContent: { changes: [{ operation: "insert_page", title: "Matrix", document: "x" }] },
  // The organization to publish for, or to install in: the one under test.
  publishIntegration: (known) => ({
    title: "Matrix",
    description: "",
    scopes: [],
    script: "x",
    organization: known.organizationId,
  }),
  installIntegration: (known) => ({ organization: known.organizationId }),
  renderIntegrationUIWithPost: (known) => renderRequest(known),
  setIntegrationDevelopmentMode: { tunnelUrl: "https://tunnel.example.com/" }, // an http(s) URL: a refinement
  installIntegrationOnSpace: (known) => ({ space: known.spaceId }),
  installIntegrationOnSite: (known) => ({ siteId: known.siteId }),
  addSpaceToSite: (known) => ({ spaceId: known.spaceId }),
  addSectionToSite: (known) => ({ spaceId: known.spaceId }),
  addSectionToGroup: (known) => ({ sectionId: known.siteSectionId }),
  sortSiteStructure: (known) => ({ item: { type: "site-section", id: known.siteSectionId }, position: {} }),
  // A source path (a pattern) and a destination in the site.
  createSiteRedirect: (known) => ({
    source: "/matrix",
    destination: { kind: "site-space", siteSpaceId: known.siteSpaceId },
  }),
  updateSiteCustomizationById: defaultSiteCustomization(), // colors are hex: a pattern, not derivable here
  // Users or teams: a refinement.
  inviteToSpace: (known) => ({ role: "read", users: [known.userId] }),
  inviteToCollection: (known) => ({ role: "read", users: [known.userId] }),
  resolvePublishedContentByUrl: (known) => ({ url: `${ORIGIN}/~site/${known.siteId}/` }),
};

/** Required query values the schema cannot describe (a pattern), by operation and parameter. */
const QUERIES: Record<string, Record<string, (known: Record<string, string>) => string>> = {
  getSiteRedirectBySource: { source: (known) => known.siteRedirectSource! },
  // The space's app URL (the owner reads it; an outsider gets 404), and the site's published URL.
  getContentByUrl: { url: (known) => `${env.APP_URL}/o/${known.organizationId}/s/${known.spaceId}` },
  getPublishedContentByUrl: { url: (known) => `${ORIGIN}/~site/${known.siteId}/` },
  // A render request (LZ-string JSON) in the organization under test's context.
  renderIntegrationUIWithGet: {
    request: (known) => compressToEncodedURIComponent(JSON.stringify(renderRequest(known))),
  },
};

function renderRequest(known: Record<string, string>) {
  return {
    componentId: "matrix",
    props: {},
    context: { type: "configuration_account", theme: "light", organizationId: known.organizationId },
  };
}

function bodyOf(operationId: string, known: Record<string, string>) {
  const body = BODIES[operationId];
  return typeof body === "function" ? body(known) : body;
}

/** The operations of the served document. */
function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const body = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
      const requiredQuery = (
        (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema?: Schema }[]
      )
        .filter((p) => p.in === "query" && p.required)
        .map((p) => ({ name: p.name, schema: p.schema }));
      out.push({ method, template, operationId: op.operationId, security: op.security, body, requiredQuery });
    }
  }
  return out;
}

/** A crude minimal valid value of a schema: required fields only, first enum value, smallest lengths. */
function sample(schema: Schema | undefined, doc: Doc, depth = 0): unknown {
  if (!schema || depth > 8) return {};
  if (schema.$ref) return sample(doc.components?.schemas?.[String(schema.$ref).split("/").pop()!], doc, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return sample(alternatives.find((s: Schema) => s.type !== "null") ?? alternatives[0], doc, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(s, doc, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], doc, depth + 1);
      return value;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, doc, depth + 1));
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/x";
      if (schema.format === "email") return "someone@example.com";
      if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

/** Everything the matrix needs: two organizations, a reader, and one of each resource in the first. */
async function seedWorld() {
  const { organization, owner } = await seedOrganization("Owner org");
  const outsider = (await seedOrganization("Other org")).owner;
  const reader = await seedSpaceMember(organization.id, "read");
  // `review`: the open change request asks them to review it (removeRequestedReviewerFromChangeRequest).
  const target = await seedSpaceMember(organization.id, "review");
  const gb = client(owner.token);
  const space = (await gb.orgs.createSpace(organization.id, { title: "Docs" })).data;
  const collection = (await gb.orgs.createCollection(organization.id, { title: "Shelf" })).data;

  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "# Intro\n\nHello.\n" } },
  ]);
  const files = await writeContent(owner.token, space.id, first.cr.id, [
    {
      operation: "insert_files",
      files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: btoa(String.fromCharCode(...png)) }],
    },
  ]);
  if (files.status !== 200) throw new Error(`file write failed: ${files.status} ${files.text}`);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const main = (await gb.spaces.getCurrentRevision(space.id)).data;
  const file = main.files[0]!;
  const open = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Draft", document: { markdown: "# Draft\n" } },
  ]);

  await gb.spaces.requestReviewersForChangeRequest(space.id, open.cr.id, { users: [target.user.id] });
  const comment = (await gb.spaces.postCommentInSpace(space.id, { body: { markdown: "A remark" } } as never)).data;
  const reply = (
    await gb.spaces.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: "Indeed" } } as never)
  ).data;
  const crComment = (
    await gb.spaces.postCommentInChangeRequest(space.id, open.cr.id, { body: { markdown: "On the CR" } } as never)
  ).data;
  const crReply = (
    await gb.spaces.postCommentReplyInChangeRequest(space.id, open.cr.id, crComment.id, {
      body: { markdown: "Yes" },
    } as never)
  ).data;

  const team = (await gb.orgs.createOrganizationTeam(organization.id, { title: "Writers", members: [target.user.id] }))
    .data;
  // Grants to the target user and team, on the space and the collection (the permission operations' fixtures).
  await gb.spaces.inviteToSpace(space.id, { role: "read", users: [target.user.id], teams: [team.id] } as never);
  await gb.collections.inviteToCollection(collection.id, {
    role: "read",
    users: [target.user.id],
    teams: [team.id],
  } as never);
  const invite = (await gb.orgs.createOrganizationInvite(organization.id, { role: "read" } as never)).data;
  const saml = await api("POST", `/orgs/${organization.id}/saml`, {
    token: owner.token,
    body: {
      label: "Okta",
      entityID: "https://idp.example.com/metadata",
      certificate: IDP_CERTIFICATE,
      ssoURL: "https://idp.example.com/sso",
    },
  });
  if (saml.status !== 201) throw new Error(`SAML provider: ${saml.status} ${saml.text}`);
  const spec = await gb.orgs.createOpenApiSpec(organization.id, {
    slug: "petstore",
    source: { text: "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n" },
  } as never);
  await vi.waitUntil(
    async () => (await gb.orgs.getOpenApiSpecBySlug(organization.id, "petstore")).data.processingState === "complete",
    {
      timeout: 8000,
      interval: 50,
    },
  );
  const subdomain = `owner-${crypto.randomUUID().slice(0, 8)}`;
  const renamed = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { hostname: subdomain } });
  if (renamed.status !== 200) throw new Error(`hostname: ${renamed.status} ${renamed.text}`);
  const versions = await api("GET", `/orgs/${organization.id}/openapi/petstore/versions`, { token: owner.token });
  const site = (await gb.orgs.createSite(organization.id, { title: "Site", spaces: [space.id] } as never)).data;
  const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
  // The site's custom hostname (the custom-hostname operations' fixture).
  const hostname = `matrix-${crypto.randomUUID().slice(0, 8)}.example.com`;
  await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${hostname}/docs` } as never);
  const section = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never)).data;
  const group = (
    await gb.orgs.addSectionGroupToSite(organization.id, site.id, { title: "Group", sections: [section.id] })
  ).data;
  const shareLink = (await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Matrix" })).data;
  const redirect = (
    await gb.orgs.createSiteRedirect(organization.id, site.id, {
      source: "/old/path",
      destination: { kind: "site-section", siteSectionId: section.id },
    })
  ).data;
  const integrationName = `matrix-${crypto.randomUUID().slice(0, 8)}`;
  const integration = await gb.integrations.publishIntegration(integrationName, {
    title: "Matrix",
    description: "A private integration of the organization under test",
    scopes: [],
    // Answers every event (a ContentKit `complete` output, which render passes on).
    script:
      "export default { async fetch(r) { await r.formData(); return Response.json({ type: 'complete', returnValue: {} }); } };",
    organization: organization.id,
    icon: btoa(String.fromCharCode(...png)),
  } as never);
  const installation = await gb.integrations.installIntegration(integrationName, { organization: organization.id });
  await gb.integrations.installIntegrationOnSpace(integrationName, installation.data.id, { space: space.id });
  await gb.integrations.installIntegrationOnSite(integrationName, installation.data.id, { siteId: site.id });
  // The installations' setup events, delivered through the queue: one final event for the event routes.
  const eventId = await vi.waitFor(
    async () => {
      const res = await api("GET", `/integrations/${integrationName}/events`, { token: owner.token });
      const first = (res.json?.items as { id: string }[] | undefined)?.[0];
      if (!first) throw new Error("no delivered integration event yet");
      return first.id;
    },
    { timeout: 15_000, interval: 100 },
  );
  const translation = (
    await gb.orgs.createTranslation(organization.id, {
      source: { space: space.id, language: lang("en") },
      language: lang("fr"),
    })
  ).data;
  await gb.orgs.updateGlossaryEntries(organization.id, {
    operations: [{ type: "insert", translations: { en: "space", fr: "espace" } }],
  });
  const glossaryEntry = (await gb.orgs.listGlossaryEntries(organization.id)).data.items[0]!;

  const downloadURL = new URL(file.downloadURL);
  const known: Record<string, string> = {
    organizationId: organization.id,
    spaceId: space.id,
    collectionId: collection.id,
    changeRequestId: open.cr.id,
    pageId: main.pages[0]!.id,
    pagePath: (main.pages[0] as { path: string }).path,
    fileId: file.id,
    fileHash: downloadURL.pathname.split("/").at(-2)!,
    revisionId: main.id,
    commentId: comment.id,
    commentReplyId: reply.id,
    teamId: team.id,
    userId: target.user.id,
    inviteId: invite.id,
    samlProviderId: saml.json.id,
    specSlug: spec.data.slug,
    versionId: versions.json?.items?.[0]?.id ?? "no-version",
    translationId: translation.id,
    glossaryEntryId: glossaryEntry.id,
    tokenId: owner.tokenId,
    emailDomain: "example.com",
    subdomain,
    integrationName,
    imageHash: integration.data.urls.icon!.split("/").at(-1)!,
    installationId: installation.data.id,
    eventId,
    siteId: site.id,
    siteSpaceId: siteSpace.id,
    siteSectionId: section.id,
    siteSectionGroupId: group.id,
    shareLinkId: shareLink.id,
    siteRedirectId: redirect.id,
    siteRedirectSource: redirect.source,
    hostname,
  };
  // The change-request comment routes take the change request's own comment and reply.
  const crKnown: Record<string, string> = { ...known, commentId: crComment.id, commentReplyId: crReply.id };
  return { organization, owner, outsider, reader, known, crKnown };
}

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
