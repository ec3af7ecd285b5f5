import { GitBookAPI } from "@gitbook/api";
import { exports } from "cloudflare:workers";

export const ORIGIN = "https://api.quire.test";

/** The Worker under test, through its real fetch entry point. */
export function workerFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(input, init));
}

/** The official client, unmodified, calling the Worker in-process. */
export function client(token?: string) {
  return new GitBookAPI({ endpoint: ORIGIN, authToken: token, serviceBinding: { fetch: workerFetch } });
}

/** A raw request to /v1 with JSON handling. */
export async function api(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  }
  const res = await workerFetch(`${ORIGIN}/v1${path}`, { method, headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Runs a client call expected to fail and returns the GitBookAPIError. */
export async function clientError(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error as Error & { code: number; errorMessage: string };
  }
  throw new Error("expected the call to fail");
}
