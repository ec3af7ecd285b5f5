import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Hook, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env";
import { errorBody, errorResponses } from "./errors";
import { authenticateFirst, authenticateInFirstRead, requireAuthentication } from "./auth";

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

/** Every router in the tree is an OpenAPIHono with the shared hook (plain Hono routes vanish from the spec). */
export function createRouter() {
  // strict: false — `/v1/` (as the official client requests getApiInformation) and `/v1` are the same route.
  return new OpenAPIHono<AppEnv>({ defaultHook, strict: false });
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
 * createRoute with Quire's defaults: bearer security, the shared error responses, and the middleware that
 * answers 401 without a valid token unless the operation is marked `anonymous`.
 */
export function defineRoute<const R extends QuireRoute>(config: R) {
  const { anonymous, authInFirstRead, ...route } = config;
  if (authInFirstRead && route.method !== "get") throw new Error(`${route.operationId}: authInFirstRead is for GETs`);
  const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
  const authentication = authInFirstRead ? authenticateInFirstRead : authenticateFirst;
  return createRoute({
    ...route,
    security: anonymous ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    middleware: anonymous ? [authentication, ...own] : [requireAuthentication, authentication, ...own],
    responses: { ...errorResponses(400, 401, 403, 404, 429), ...route.responses },
  } as unknown as Omit<R, "anonymous" | "authInFirstRead">);
}

/** A handler typed from its route (no detached controllers). */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
