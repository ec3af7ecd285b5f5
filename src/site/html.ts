/**
 * The layout's HTML building blocks: a tagged template that escapes every interpolated value, `raw()` for HTML
 * that is already safe (the sanitized page body, search snippets, fragments built with `html` itself), and
 * `safeHref` for every URL printed into an attribute. Pure string building, synchronous, no Hono.
 */

/** A fragment of HTML that must not be escaped again. */
export class Raw {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** Marks already-safe HTML (sanitized bodies, snippets): printed as is. */
export const raw = (value: string) => new Raw(value);

export type HtmlValue = string | number | Raw | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text (or an attribute value) as HTML: the five characters that matter are replaced by entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Raw) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<a href="${url}">${text}</a>\``: every value is escaped unless it is `Raw`; arrays are concatenated. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Raw {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Raw(out);
}

/**
 * A URL fit for an href or src: http(s), mailto, a relative reference (`/x`, `x/y`, `../x`, `?q`) or a fragment.
 * Anything else (`javascript:`, `data:`, `vbscript:`…, also when disguised by whitespace or control characters,
 * which browsers strip before reading the scheme) gives `undefined`: the caller prints no link.
 */
export function safeHref(url: string | undefined | null): string | undefined {
  if (typeof url !== "string") return undefined;
  // Browsers drop leading/trailing C0 controls and spaces and every tab or newline inside a URL.
  const cleaned = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  if (cleaned === "") return undefined;
  const scheme = /^([^/?#:]*):/.exec(cleaned);
  if (!scheme) return cleaned;
  return /^(https?|mailto)$/i.test(scheme[1]!) ? cleaned : undefined;
}

/** An absolute http(s) URL outside the site (relative URLs and URLs under `baseHref` are the site's own). */
export function isExternal(href: string, baseHref: string): boolean {
  if (!/^(https?:)?\/\//i.test(href)) return false;
  return !(/^https?:\/\//i.test(baseHref) && href.startsWith(baseHref));
}

/** Attributes for a link that leaves the site, per the `externalLinksTarget` setting. */
export function externalAttrs(target: string): Raw {
  return target === "blank" ? raw(' target="_blank" rel="noopener noreferrer"') : raw(' rel="noopener"');
}

/**
 * A link, or its text in a <span> when the URL is not safe to print. `external` adds the target attributes,
 * an arrow and, for new tabs, words saying so to screen readers.
 */
export function link(
  href: string | undefined,
  content: HtmlValue,
  options: { className?: string; current?: "page" | "true"; external?: boolean; target?: string } = {},
): Raw {
  const url = safeHref(href);
  const cls = options.className ? html` class="${options.className}"` : "";
  if (url === undefined) return html`<span${cls}>${content}</span>`;
  const current = options.current ? html` aria-current="${options.current}"` : "";
  if (!options.external) return html`<a${cls} href="${url}"${current}>${content}</a>`;
  const target = options.target ?? "self";
  const note = target === "blank" ? html`<span class="visually-hidden"> (opens in a new tab)</span>` : "";
  return html`<a${cls} href="${url}"${current}${externalAttrs(target)}>${content}<span class="external-mark" aria-hidden="true">↗</span>${note}</a>`;
}
