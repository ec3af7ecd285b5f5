import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "./app-env";
import { urlBases } from "./context";
import { htmlPage } from "./html";

/**
 * The paths that `urls.app` points at (see src/presenters). Until Quire has an app, each answers a small page
 * naming the kind of resource and its id, with links to its API URL and to the reference. Reading a title
 * would need the caller's token, which a browser following a link does not send, so no title is shown and the
 * page says nothing about whether the resource exists or who may see it.
 */
export const appPages = new Hono<AppEnv>();

type Described = { kind: string; id: string; apiPath: string; context?: string };

/** Percent-encoding for URLs: `enc` for one segment, `encPath` for a page path (slashes kept). */
const enc = encodeURIComponent;
const encPath = (path: string) => path.split("/").map(enc).join("/");

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function page(c: Context<AppEnv>, d: Described) {
  const apiURL = `${urlBases(c).api}${d.apiPath}`;
  return htmlPage(
    c,
    `${d.kind} ${d.id} · Quire`,
    html`<h1>${d.kind} <code>${d.id}</code></h1>
${d.context ? html`<p>${d.context}</p>` : ""}
<p>Quire has no app yet. This ${d.kind.toLowerCase()} is available through the API (with a token that may read it):</p>
<ul>
<li>API: <a href="${apiURL}">${apiURL}</a></li>
<li><a href="/reference">API reference</a></li>
</ul>`,
  );
}

appPages.get("/o/:orgId", (c) => {
  const orgId = c.req.param("orgId");
  return page(c, { kind: "Organization", id: orgId, apiPath: `/v1/orgs/${enc(orgId)}` });
});

appPages.get("/o/:orgId/c/:collectionId", (c) => {
  const id = c.req.param("collectionId");
  return page(c, {
    kind: "Collection",
    id,
    apiPath: `/v1/collections/${enc(id)}`,
    context: `In organization ${c.req.param("orgId")}.`,
  });
});

appPages.get("/o/:orgId/s/:spaceId", (c) => {
  const id = c.req.param("spaceId");
  return page(c, {
    kind: "Space",
    id,
    apiPath: `/v1/spaces/${enc(id)}`,
    context: `In organization ${c.req.param("orgId")}.`,
  });
});

appPages.get("/o/:orgId/openapi/:slug", (c) => {
  const orgId = c.req.param("orgId");
  const slug = c.req.param("slug");
  return page(c, {
    kind: "OpenAPI spec",
    id: slug,
    apiPath: `/v1/orgs/${enc(orgId)}/openapi/${enc(slug)}`,
    context: `In organization ${orgId}.`,
  });
});

appPages.get("/s/:spaceId", (c) => {
  const id = c.req.param("spaceId");
  return page(c, { kind: "Space content", id, apiPath: `/v1/spaces/${enc(id)}/content` });
});

appPages.get("/s/:spaceId/~/changes/:number", (c) => {
  const spaceId = c.req.param("spaceId");
  const number = c.req.param("number");
  return page(c, {
    kind: "Change request",
    id: `#${number}`,
    apiPath: `/v1/spaces/${enc(spaceId)}/change-requests/${enc(number)}`,
    context: `In space ${spaceId}.`,
  });
});

// A page by its path (`/s/{spaceId}/guides/intro`). `~` starts the app's own paths, none of which are pages.
appPages.get("/s/:spaceId/*", (c) => {
  const spaceId = c.req.param("spaceId");
  const rest = new URL(c.req.url).pathname.split("/").slice(3).filter(Boolean).map(decodeSegment);
  if (rest.length === 0 || rest[0] === "~") return c.notFound();
  const path = rest.join("/");
  return page(c, {
    kind: "Page",
    id: path,
    apiPath: `/v1/spaces/${enc(spaceId)}/content/path/${encPath(path)}`,
    context: `In space ${spaceId}.`,
  });
});
