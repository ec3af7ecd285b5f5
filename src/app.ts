import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { ApiError } from "./lib/errors";
import { openApiDocument as openApiDocumentCache } from "./lib/isolate-caches";
import { accountPages } from "./http/account-pages";
import { appShell } from "./http/app-shell";
import { authenticate } from "./http/auth";
import { corsHeaders } from "./http/cors";
import { emptyJsonBodyAsObject } from "./http/body";
import { onError } from "./http/errors";
import { landing } from "./http/landing";
import { notFoundHandler } from "./http/not-found";
import { mountReference } from "./http/reference";
import { createRouter } from "./http/router";
import { v1 } from "./routes";
import { INTEGRATION_CONTENT_GUARDS, refuseFromDeliveries } from "./routes/integrations/integration-content";
import { PUBLIC_ENDPOINT_PATHS, publicEndpoint } from "./routes/integrations/public-endpoint";
import { PUBLISHED_SCRIPT_PATHS, siteScript, spaceScript } from "./routes/integrations/published-script";
import { customHosts } from "./site/hosts";
import { separateOrigins } from "./site/origins";
import { siteRouter } from "./site/router";
import { sso } from "./sso";
import { API_VERSION } from "./version";

const DEFAULT_MAX_BODY = 10 * 1024 * 1024;

/** Pages a browser renders (published sites, the API reference, the landing page): every header. */
const documentSecurityHeaders = secureHeaders({ crossOriginResourcePolicy: "cross-origin" });

/**
 * The sign-in pages (src/sso, /sign-in, /account, /join/…) and the app (/, /o/…, /s/…), which calls the API with
 * the session cookie: a same-origin Referrer-Policy, so that a browser's
 * same-origin form post or fetch carries its Origin (under no-referrer it is `null`), which cross-site checks
 * read when Sec-Fetch-Site is absent.
 */
const ssoSecurityHeaders = secureHeaders({ crossOriginResourcePolicy: "cross-origin", referrerPolicy: "same-origin" });

function signInPage(path: string) {
  return path === "/" || path === "/sign-in" || path === "/account" || /^\/(sso|join|o|s|integrations)\//.test(path);
}

/**
 * JSON API responses: the headers that act on them (OWASP's REST Security Cheat Sheet: HSTS, `nosniff`, no
 * framing), and the cross-origin resource policy. The others act only on documents a browser renders, and each
 * header is work for every hop of every response.
 */
const apiSecurityHeaders = secureHeaders({
  crossOriginResourcePolicy: "cross-origin",
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export function createApp() {
  const app = createRouter({ root: true });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A personal API token (`npm run bootstrap`, or POST /v1/user/tokens).",
  });

  app.use(
    "*",
    requestId({ headerName: "X-Request-Id" }),
    (c, next) =>
      c.req.path.startsWith("/v1/")
        ? apiSecurityHeaders(c, next)
        : signInPage(c.req.path)
          ? ssoSecurityHeaders(c, next)
          : documentSecurityHeaders(c, next),
    corsHeaders,
  );
  // Integrations' content and published sites on origins of their own, when configured (src/site/origins.ts).
  app.use("*", separateOrigins);
  // A published site's custom host (its `proxy`) is served as the site, before any other route.
  app.use("*", customHosts);
  app.use("/v1/*", async (c, next) =>
    // Reads have no body to limit (and skip building the middleware).
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : bodyLimit({
          maxSize: Number(c.env.MAX_BODY_BYTES) || DEFAULT_MAX_BODY,
          onError: () => {
            throw new ApiError(
              413,
              `Request body is larger than ${Number(c.env.MAX_BODY_BYTES) || DEFAULT_MAX_BODY} bytes`,
            );
          },
        })(c, next),
  );
  // Integrations' public endpoints take no token: served before authentication (routes/integrations/public-endpoint.ts),
  // sandboxed, limited per address and refused from inside deliveries (routes/integrations/integration-content.ts).
  for (const path of PUBLIC_ENDPOINT_PATHS) app.all(path, ...INTEGRATION_CONTENT_GUARDS, publicEndpoint);
  // The scripts published content embeds, anonymous too (routes/integrations/published-script.ts).
  app.get(PUBLISHED_SCRIPT_PATHS.space, ...INTEGRATION_CONTENT_GUARDS, spaceScript);
  app.get(PUBLISHED_SCRIPT_PATHS.site, ...INTEGRATION_CONTENT_GUARDS, siteScript);
  // A render is a synchronous delivery too (renderIntegrationUIWithPost/Get): never asked from inside one.
  app.use("/v1/integrations/:integrationName/render", refuseFromDeliveries);
  app.use("/v1/*", emptyJsonBodyAsObject, authenticate);
  app.use("/v1", emptyJsonBodyAsObject, authenticate);

  app.route("/v1", v1);

  app.get("/openapi.json", (c) => c.json(openApiDocument(app, new URL(c.req.url).origin)));
  mountReference(app);
  app.get("/", landing);
  // SAML sign-in and the signed-in page (src/sso): browser pages, before the published-site router.
  app.route("/", sso);
  // Published docs sites (src/site/router.ts).
  app.route("/", siteRouter);
  // The app (every `urls.app`), and passkey sign-in and the account page.
  app.route("/", appShell);
  app.route("/", accountPages);

  app.onError(onError);
  app.notFound(notFoundHandler(app));
  return app;
}

export type App = ReturnType<typeof createApp>;

const kept = openApiDocumentCache.store;

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests; built once. */
export function openApiDocument(app: App, origin = "http://localhost:8787") {
  if (kept.value?.origin === origin) return kept.value.doc;
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Quire API",
      version: API_VERSION,
      description:
        'Quire\'s documentation-management API, wire-compatible with GitBook\'s v1 REST API. Errors are `{"error":{"code","message"}}`.',
    },
    servers: [{ url: origin }],
    security: [{ bearerAuth: [] }],
  });
  kept.value = { origin, doc };
  return doc;
}
