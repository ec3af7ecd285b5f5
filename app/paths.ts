// The app's URLs: which paths it renders and how a path is matched. Shared by the app's router (app/routes.tsx)
// and the server (src/http/app-shell.ts), which answers 404 for a path no view renders, so both agree.

/** Segments: `:name` takes one, a final `*` the rest (as `rest`). Order matters: the first match wins. */
export const APP_PATHS = [
  "/",
  "/o/:org",
  "/o/:org/c/:collection",
  "/o/:org/s/:space",
  "/o/:org/changes",
  "/o/:org/members",
  "/o/:org/sites",
  "/o/:org/sites/:site",
  "/o/:org/openapi/:slug",
  "/o/:org/integrations/:name",
  "/integrations/:name",
  "/s/:space",
  "/s/:space/~/changes",
  "/s/:space/~/changes/:number",
  "/s/:space/~/comments",
  // A page by its path; `~` starts the app's own paths, none of which is a page.
  "/s/:space/*",
] as const;

export type AppPath = (typeof APP_PATHS)[number];
export type Params = Record<string, string>;

/**
 * Matches `path` against a pattern: `:name` takes one segment, a final `*` the rest (as `rest`, slashes kept;
 * never starting with `~`). Segments are decoded; a malformed escape does not match.
 */
export function match(pattern: string, path: string): Params | undefined {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === "*") {
      if (i >= have.length || have[i] === "~") return undefined;
      try {
        params.rest = have.slice(i).map(decodeURIComponent).join("/");
      } catch {
        return undefined;
      }
      return params;
    }
    const segment = have[i];
    if (segment === undefined) return undefined;
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (part.startsWith(":")) params[part.slice(1)] = value;
    else if (part !== value) return undefined;
  }
  return have.length === want.length ? params : undefined;
}

/** The first pattern `path` matches, with its parameters. */
export function route(path: string): { pattern: AppPath; params: Params } | undefined {
  for (const pattern of APP_PATHS) {
    const params = match(pattern, path);
    if (params) return { pattern, params };
  }
  return undefined;
}
