/**
 * The Content-Security-Policy of a published site's pages. By default they load only what the Worker serves: its
 * stylesheet and script, images from the site and (for logos and favicons set in the customization) https, and
 * inline styles for the theme's custom properties. A site with integration scripts (`site:script:inject`) also
 * allows each script's URL (Quire's API origin) and the fetch directives its integration declares in its
 * `contentSecurityPolicy`. Other directives an integration declares are ignored: it may widen where a page loads
 * from, never whether the page may be framed, where its forms post, what `<base>` says or whether plugins run.
 */

type Policy = Map<string, string[]>;

const BASE: Policy = new Map([
  ["default-src", ["'self'"]],
  ["img-src", ["'self'", "https:", "data:"]],
  ["style-src", ["'self'", "'unsafe-inline'"]],
  ["script-src", ["'self'"]],
  ["object-src", ["'none'"]],
  ["base-uri", ["'none'"]],
  ["form-action", ["'self'"]],
  ["frame-ancestors", ["'self'"]],
]);

/** The fetch directives an integration may widen, each with the directive it falls back to when absent. */
const WIDENABLE: Record<string, string> = {
  "script-src": "default-src",
  "script-src-elem": "script-src",
  "style-src": "default-src",
  "style-src-elem": "style-src",
  "img-src": "default-src",
  "connect-src": "default-src",
  "font-src": "default-src",
  "frame-src": "default-src",
  "media-src": "default-src",
  "worker-src": "script-src",
  "child-src": "default-src",
  "manifest-src": "default-src",
};

/** A source a header can carry: printable ASCII without the policy's separators. */
const SOURCE = /^[\x21-\x2b\x2d-\x3a\x3c-\x7e]+$/;

const serialize = (policy: Policy) => [...policy].map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");

export const SITE_CSP = serialize(BASE);

/** What the policy of a directive absent from `policy` is: the sources of the directive it falls back to. */
function effective(policy: Policy, directive: string): string[] {
  for (let name: string | undefined = directive; name; name = WIDENABLE[name]) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return [];
}

function widen(policy: Policy, directive: string, sources: string[]) {
  const current = policy.get(directive) ?? [...effective(policy, directive)];
  for (const source of sources) if (!current.includes(source)) current.push(source);
  policy.set(directive, current);
}

/**
 * The pages' policy with the site's integration scripts (their URLs and their integrations' fetch directives) and,
 * when the API is on another origin than the page, that origin in `connect-src` (the insights beacon posts there).
 */
export function siteCsp(scripts: { script: string; contentSecurityPolicy?: string }[], apiOrigin?: string): string {
  if (scripts.length === 0 && !apiOrigin) return SITE_CSP;
  const policy: Policy = new Map([...BASE].map(([name, sources]) => [name, [...sources]]));
  if (apiOrigin && SOURCE.test(apiOrigin)) widen(policy, "connect-src", [apiOrigin]);
  for (const { contentSecurityPolicy } of scripts) {
    for (const part of (contentSecurityPolicy ?? "").split(";")) {
      const [name, ...sources] = part.trim().split(/\s+/);
      const directive = name?.toLowerCase() ?? "";
      if (!(directive in WIDENABLE)) continue;
      widen(
        policy,
        directive,
        sources.filter((s) => SOURCE.test(s)),
      );
    }
  }
  const origins = scripts.flatMap(({ script }) => {
    try {
      return [new URL(script).origin];
    } catch {
      return [];
    }
  });
  widen(policy, "script-src", origins);
  if (policy.has("script-src-elem")) widen(policy, "script-src-elem", origins);
  return serialize(policy);
}
