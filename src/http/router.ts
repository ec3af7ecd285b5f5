import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Hook, RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { errorBody, errorResponses } from "./errors";
import { auditWrites, READS_SENT_AS_POST } from "./audit";
import { authenticateFirst, authenticateInFirstRead, requireAuthentication } from "./auth";
import { MemoizedRouter } from "./memoized-router";
import { admitVisitor } from "./visitor";

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  errors?: Issue[][];
}

/**
 * A union's issue says only "Invalid input" at the union itself; when one alternative got further into the
 * value (`{markdown: 5}` against `string | {markdown: string}`), its issue names the field that is wrong.
 */
function mostSpecific(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || !issue.errors?.length) return issue;
  const deepest = issue.errors
    .map((branch) => branch[0])
    .filter((inner): inner is Issue => inner !== undefined && inner.path.length > 0)
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (!deepest) return issue;
  const inner = mostSpecific(deepest);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

/** Turns the first zod issue into the contract's 400 body naming the field (`body.title: …`). */
export const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const first = result.error.issues[0] as Issue | undefined;
  const issue = first && mostSpecific(first);
  const target = result.target === "json" ? "body" : result.target === "param" ? "path" : result.target;
  const field = [target, ...(issue?.path ?? []).map(String)].join(".");
  const message = `${field}: ${issue?.message ?? "is invalid"}`;
  return c.json(errorBody(400, message), 400);
};

/**
 * Every router in the tree is an OpenAPIHono with the shared hook (plain Hono routes vanish from the spec). The
 * root (`root: true`), which matches every request, remembers its matches (http/memoized-router.ts); mounted
 * routers only hand their routes to it.
 */
export function createRouter(options: { root?: boolean } = {}) {
  // strict: false — `/v1/` (as the official client requests getApiInformation) and `/v1` are the same route.
  return new OpenAPIHono<AppEnv>({
    defaultHook,
    strict: false,
    ...(options.root ? { router: new MemoizedRouter() } : {}),
  });
}

interface ZodLike {
  safeParseAsync(value: unknown): Promise<{ success: true } | { success: false; error: { issues: Issue[] } }>;
}

/** The zod schema a route declares for a JSON body with this status, if any. */
function declaredJsonSchema(responses: RouteConfig["responses"], status: number): ZodLike | undefined {
  const declared = responses[status] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!declared || !("content" in declared)) return undefined;
  const media = declared.content?.["application/json"];
  const schema = (media && "schema" in media ? media.schema : undefined) as Partial<ZodLike> | undefined;
  return typeof schema?.safeParseAsync === "function" ? (schema as ZodLike) : undefined;
}

const ISSUES_SHOWN = 5;

/**
 * Test-only check that a route's 2xx JSON body matches the schema it declares for that status (enabled by the
 * `VALIDATE_RESPONSES` binding, which only the workers test project sets). A mismatch, or a 2xx JSON body with
 * no declared schema, replaces the response with a 500 naming the operation and the first issues, so whichever
 * test made the request fails with the reason. Disabled, it is one property read: no clone, no parse.
 */
export function validateResponses(operationId: string, responses: RouteConfig["responses"]): MiddlewareHandler {
  return async (c, next) => {
    if (c.env?.VALIDATE_RESPONSES !== "true") return next();
    await next();
    const { status } = c.res;
    if (status < 200 || status > 299) return;
    if (!/^application\/(?:[\w.-]+\+)?json\b/i.test(c.res.headers.get("content-type") ?? "")) return;

    const schema = declaredJsonSchema(responses, status);
    let problem: string | undefined;
    if (!schema) {
      problem = `${operationId} answered ${status} with JSON, but declares no JSON schema for ${status}`;
    } else {
      const result = await schema.safeParseAsync(await c.res.clone().json());
      if (result.success) return;
      const issues = result.error.issues.slice(0, ISSUES_SHOWN).map((raw) => {
        const issue = mostSpecific(raw);
        return `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`;
      });
      const more =
        result.error.issues.length > ISSUES_SHOWN ? ` (+${result.error.issues.length - ISSUES_SHOWN} more)` : "";
      problem = `${operationId} answered ${status} with a body that does not match its schema: ${issues.join("; ")}${more}`;
    }
    console.error(problem);
    c.res = Response.json(errorBody(500, problem), { status: 500 });
    c.res.headers.delete("content-length");
  };
}

type QuireRoute = Omit<RouteConfig, "security"> & {
  /** Served without a token too (the handler decides what an anonymous caller may see). */
  anonymous?: boolean;
  /**
   * A read whose bearer token rides its service's first D1 batch instead of a batch of its own (one round trip
   * in all). Only for GETs whose service reads `ctx.caller` after its first `db.batch` and writes nothing before.
   */
  authInFirstRead?: boolean;
};

/**
 * createRoute with Quire's defaults: bearer security, the shared error responses, the middleware that answers
 * 401 without a valid token unless the operation is marked `anonymous`, and (in tests) the response check.
 */
export function defineRoute<const R extends QuireRoute>(config: R) {
  const { anonymous, authInFirstRead, ...route } = config;
  if (authInFirstRead && route.method !== "get") throw new Error(`${route.operationId}: authInFirstRead is for GETs`);
  const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
  const authentication = authInFirstRead ? authenticateInFirstRead : authenticateFirst;
  const responses = { ...errorResponses(400, 401, 403, 404, 429), ...route.responses };
  const check = validateResponses(route.operationId ?? `${route.method} ${route.path}`, responses);
  // A write's handler runs on a database that records the audit event with its first write (http/audit.ts).
  const audit = auditWrites(
    route.operationId ?? "",
    route.method,
    route.path,
    route.summary,
    Object.keys(route.responses),
  );
  const last = audit ? [audit] : [];
  const writes = !["get", "head"].includes(route.method) && !READS_SENT_AS_POST[route.operationId ?? ""];
  return createRoute({
    ...route,
    security: anonymous ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    middleware: anonymous
      ? [check, authentication, admitVisitor({ writes }), ...own, ...last]
      : [check, requireAuthentication, authentication, ...own, ...last],
    responses,
  } as unknown as Omit<R, "anonymous" | "authInFirstRead">);
}

/** A handler typed from its route (no detached controllers). */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/**
 * A route's `c` seen by a handler shared between twin routes (one per content target): only the validated
 * inputs `Out` it reads, so each twin's own `c` fits whatever its path.
 */
export type SharedRouteContext<Out extends object> = Context<AppEnv, string, { out: Out }>;
