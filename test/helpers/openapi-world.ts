import { vi } from "vitest";
import type { TranslationLanguage } from "@gitbook/api";
import { env } from "cloudflare:workers";
import { compressToEncodedURIComponent } from "lz-string";
import { defaultSiteCustomization } from "../../src/services/sites";
import { IDP_CERTIFICATE } from "../fixtures/certificate";
import { StorageUploadKind } from "gitbook-api-current";
import { changeRequestWith, seedSpaceMember, writeContent } from "./content";
import { currentClient } from "./current-client";
import { uploadFont } from "./fonts";
import { api, client, ORIGIN } from "./http";
import { seedOrganization } from "./seed";

// The generated suites' world (test/http/security-matrix.test.ts, test/http/query-values.test.ts): the served
// /openapi.json's operations, minimal bodies and query values derived from their schemas, and one seeded
// resource of each kind whose ids fill the path parameters.

/** A language code as the official client types it (an enum). */
const lang = (code: string) => code as TranslationLanguage;

export type Schema = Record<string, any>;
/** A documented query parameter. */
export type QueryParameter = { name: string; required: boolean; schema?: Schema };
export type Operation = {
  method: string;
  template: string;
  operationId: string;
  security?: unknown[];
  body?: Schema;
  requiredQuery: { name: string; schema?: Schema }[];
  query: QueryParameter[];
};
export type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };

/**
 * Bodies the schema cannot describe (a refinement, or a value from a server-side list), so that the 403/404
 * checks reach authorization. Any other operation gets the minimal body derived from its schema.
 */
export const BODIES: Record<string, object | ((known: Record<string, string>) => object)> = {
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
  addExternalLinkToSite: { title: "Matrix", url: "https://example.com/" }, // an http(s) URL: a refinement
  sortSiteStructure: (known) => ({ item: { type: "site-section", id: known.siteSectionId }, position: {} }),
  // A source path (a pattern) and a destination in the site.
  createSiteRedirect: (known) => ({
    source: "/matrix",
    destination: { kind: "site-space", siteSpaceId: known.siteSpaceId },
  }),
  bulkUpsertSiteRedirects: (known) => ({
    redirects: [{ source: "/matrix-bulk", destination: { kind: "site-space", siteSpaceId: known.siteSpaceId } }],
  }),
  updateSiteCustomizationById: defaultSiteCustomization(), // colors are hex: a pattern, not derivable here
  // Users or teams: a refinement.
  inviteToSpace: (known) => ({ role: "read", users: [known.userId] }),
  inviteToCollection: (known) => ({ role: "read", users: [known.userId] }),
  inviteToSite: (known) => ({ role: "read", users: [known.userId] }),
  resolvePublishedContentByUrl: (known) => ({ url: `${ORIGIN}/~site/${known.siteId}/` }),
  // A page the fixture server serves (the schema's sample URL is outside), into a new space of its own.
  startImportRun: { source: { type: "website", url: `${env.FIXTURE_ORIGIN}/page.html` }, target: {} },
  // An https issuer: a refinement.
  setOrganizationOIDCProvider: { label: "Matrix", issuer: "https://idp.example.com", clientId: "c", clientSecret: "s" },
};

/** Required query values the schema cannot describe (a pattern), by operation and parameter. */
export const QUERIES: Record<string, Record<string, (known: Record<string, string>) => string>> = {
  getSiteRedirectBySource: { source: (known) => known.siteRedirectSource! },
  // The space's app URL (the owner reads it; an outsider gets 404), and the site's published URL.
  getContentByUrl: { url: (known) => `${env.APP_URL}/o/${known.organizationId}/s/${known.spaceId}` },
  getPublishedContentByUrl: { url: (known) => `${ORIGIN}/~site/${known.siteId}/` },
  // A page of the fixture server (test/fixture-server), which embeds fetch over real HTTP.
  getEmbedByUrl: { url: () => `${env.FIXTURE_ORIGIN}/embed/title.html` },
  getEmbedByUrlInSpace: { url: () => `${env.FIXTURE_ORIGIN}/embed/title.html` },
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

export function bodyOf(operationId: string, known: Record<string, string>) {
  const body = BODIES[operationId];
  return typeof body === "function" ? body(known) : body;
}

/** The operations of the served document. */
export function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const body = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
      const query = ((op.parameters ?? []) as { in: string; name: string; required?: boolean; schema?: Schema }[])
        .filter((p) => p.in === "query")
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      const requiredQuery = query.filter((q) => q.required).map((q) => ({ name: q.name, schema: q.schema }));
      out.push({ method, template, operationId: op.operationId, security: op.security, body, requiredQuery, query });
    }
  }
  return out;
}

/** A crude minimal valid value of a schema: required fields only, first enum value, smallest lengths. */
export function sample(schema: Schema | undefined, doc: Doc, depth = 0): unknown {
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
export async function seedWorld() {
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
  // The change request's review (getChangeRequestReviewById's fixture): its author may ask for changes.
  const review = (
    await gb.spaces.submitChangeRequestReview(space.id, open.cr.id, { status: "changes-requested" } as never)
  ).data;
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
  const oidc = await api("PUT", `/orgs/${organization.id}/sso/oidc`, {
    token: owner.token,
    body: { label: "Google", issuer: "https://accounts.example.com", clientId: "quire", clientSecret: "s3cret" },
  });
  if (oidc.status !== 200) throw new Error(`OpenID provider: ${oidc.status} ${oidc.text}`);
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
  // Grants to the target user and team on the site (the site permission operations' fixtures).
  await currentClient(owner.token).orgs.inviteToSite(organization.id, site.id, {
    role: "read",
    users: [target.user.id],
    teams: [team.id],
  } as never);
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
  const externalLink = (
    await currentClient(owner.token).orgs.addExternalLinkToSite(organization.id, site.id, {
      title: "Matrix link",
      url: "https://example.com/matrix",
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

  // A custom font from an uploaded file, and an upload URL of its own (the storage operations' fixtures).
  const fontKey = await uploadFont(owner.token, organization.id);
  const font = (
    await currentClient(owner.token).orgs.createCustomFont(organization.id, {
      fontFamily: "Matrix",
      fontFaces: [{ weight: 400, storageKey: fontKey }],
    })
  ).data;
  const upload = (
    await currentClient(owner.token).orgs.generateStorageUploadUrl(organization.id, {
      kind: StorageUploadKind.CustomizationFont,
      file: { name: "matrix.woff2", type: "font/woff2", size: 64 },
    })
  ).data;

  // An import run (the import-run operations' fixture), into a space of its own.
  const importRun = (
    await currentClient(owner.token).org.startImportRun(organization.id, {
      source: { type: "website", url: `${env.FIXTURE_ORIGIN}/page.html` },
      target: {} as never,
    })
  ).data;

  // A question asked of the site and its answer (the site-question and AI response operations' fixtures).
  const asked = await api("POST", `/orgs/${organization.id}/sites/${site.id}/ai/response`, {
    token: owner.token,
    body: { input: [{ role: "user", content: "What is in this space?" }] },
  });
  const responseId = /"type":"response_finish","messageId":"([^"]+)"/.exec(asked.text)?.[1] ?? "no-response";
  const siteQuestion = await env.DB.prepare("SELECT question_id AS id FROM site_question_answers WHERE id = ?")
    .bind(responseId)
    .first<{ id: string }>();
  const downloadURL = new URL(file.downloadURL);
  // The writes above were audited: the organization's latest event.
  const auditEvent = await env.DB.prepare(
    "SELECT id FROM audit_events WHERE organization_id = ? ORDER BY occurred_at DESC LIMIT 1",
  )
    .bind(organization.id)
    .first<{ id: string }>();
  const known: Record<string, string> = {
    organizationId: organization.id,
    spaceId: space.id,
    collectionId: collection.id,
    changeRequestId: open.cr.id,
    reviewId: review.id,
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
    siteExternalLinkId: externalLink.id,
    hostname,
    auditEventId: auditEvent?.id ?? "no-audit-event",
    fontId: font.id,
    uploadId: new URL(upload.url).pathname.split("/").at(-1)!,
    importRunId: importRun.id,
    responseId,
    siteQuestionAnswerId: responseId,
    siteQuestionId: siteQuestion?.id ?? "no-site-question",
  };
  // The change-request comment routes take the change request's own comment and reply.
  const crKnown: Record<string, string> = { ...known, commentId: crComment.id, commentReplyId: crReply.id };
  return { organization, owner, outsider, reader, known, crKnown };
}
