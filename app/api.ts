// The pages' one way to the API: same-origin, with the session cookie, and on writes the CSRF header the API asks
// for (the value of the readable `quire_csrf` cookie). A failure throws the API's own message, to show as it is.

/** A refused or failed request; `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/**
 * What the current navigation has asked of the API (the app's budget is 2 round trips per navigation): every
 * request, and the round trips they took, a request counting one more than the deepest one that had answered
 * before it started (requests sent together are one round trip). `window.__quireNavigation` shows it.
 */
export interface NavigationStats {
  path: string;
  requests: number;
  roundTrips: number;
}
let stats: NavigationStats = { path: "", requests: 0, roundTrips: 0 };
let answeredDepth = 0;
let generation = 0;

export function startNavigation(path: string): void {
  stats = { path, requests: 0, roundTrips: 0 };
  answeredDepth = 0;
  generation++;
  (globalThis as { __quireNavigation?: NavigationStats }).__quireNavigation = stats;
}

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const counted = stats;
  const depth = answeredDepth + 1;
  const startedIn = generation;
  counted.requests++;
  counted.roundTrips = Math.max(counted.roundTrips, depth);
  try {
    return await send<T>(method, path, body);
  } finally {
    if (startedIn === generation) answeredDepth = Math.max(answeredDepth, depth);
  }
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const csrf = cookie("quire_csrf");
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => undefined);
  if (!res.ok) {
    const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new ApiError(
      typeof message === "string" && message ? message : `Request failed (${res.status}).`,
      res.status,
    );
  }
  return data as T;
}

/** What a failed step says to the person: the API's message, or the browser's for a passkey prompt. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // The passkey prompt was dismissed, timed out, or refused by the browser (a DOMException or WebAuthnError).
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return "The passkey prompt was cancelled or timed out. Try again.";
  return error instanceof Error && error.message ? error.message : "Something went wrong. Try again.";
}

/**
 * Shows `message` in a live region, or clears it. The region stays in the page, empty, so that screen readers
 * announce its change (one inserted or unhidden with its text is not reliably announced); CSS gives it no box
 * while empty.
 */
export function say(region: HTMLElement, message = ""): void {
  region.textContent = message;
}
