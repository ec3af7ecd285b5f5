// Site customization settings (the reference's SiteCustomizationSettings): their type, the defaults of a site
// that never had customization, and how a site space's partial override applies over its site's settings.
// Pure: no database. The wire validation is in src/wire/site-customization.ts.
import type { KnownContentRef } from "../../content/document";
import type { CODE_THEMES, PAGE_ACTION_TYPES, SOCIAL_PLATFORMS } from "./customization-values";

/** The fonts GitBook provides (CustomizationDefaultFont, CustomizationDefaultMonospaceFont). */
export const CUSTOMIZATION_FONTS = [
  "ABCFavorit",
  "Inter",
  "Roboto",
  "RobotoSlab",
  "OpenSans",
  "SourceSansPro",
  "Lato",
  "Ubuntu",
  "Raleway",
  "Merriweather",
  "Overpass",
  "NotoSans",
  "IBMPlexSerif",
  "Poppins",
  "FiraSans",
] as const;
export const CUSTOMIZATION_MONOSPACE_FONTS = [
  "FiraCode",
  "IBMPlexMono",
  "JetBrainsMono",
  "SourceCodePro",
  "RobotoMono",
  "SpaceMono",
  "DMMono",
  "Inconsolata",
] as const;

export interface ThemedColor {
  light: string;
  dark: string;
}
export interface ThemedURL {
  light: string;
  dark: string;
}
export interface ContentLink {
  title: string;
  to: KnownContentRef;
}
export interface FontDefinition {
  id: string;
  custom: boolean;
  fontFamily: string;
  fontFaces: { weight: number; sources: { url: string; format?: "woff2" | "woff" }[] }[];
}
export type Favicon = { icon: ThemedURL } | { emoji: string } | Record<string, never>;
export interface HeaderItem {
  title: string;
  style?: "link" | "button-primary" | "button-secondary";
  to: KnownContentRef | null;
  links: ContentLink[];
  condition?: string;
}
export interface Announcement {
  enabled: boolean;
  message: string;
  link?: ContentLink;
  style: "info" | "warning" | "danger" | "success";
}

export interface SiteCustomizationSettings {
  title?: string;
  styling: {
    theme: "clean" | "muted" | "bold" | "gradient";
    primaryColor: ThemedColor;
    tint?: { color: ThemedColor };
    infoColor: ThemedColor;
    successColor: ThemedColor;
    warningColor: ThemedColor;
    dangerColor: ThemedColor;
    corners: "straight" | "rounded" | "circular";
    depth: "subtle" | "flat";
    links: "default" | "accent";
    font: (typeof CUSTOMIZATION_FONTS)[number] | FontDefinition;
    monospaceFont: (typeof CUSTOMIZATION_MONOSPACE_FONTS)[number] | FontDefinition;
    background: "plain" | "match";
    icons: "regular" | "solid" | "duotone" | "light" | "thin";
    sidebar: { background: "default" | "filled"; list: "default" | "pill" | "line" };
    search: "prominent" | "subtle";
    /** 0.202: the code blocks' themes (light and dark), for the content and for OpenAPI blocks. */
    codeTheme: { default: ThemedCodeTheme; openapi: ThemedCodeTheme };
  };
  internationalization: { locale: "en" | "fr" | "es" | "zh" | "ja" | "de" | "nl" | "no" | "pt-br" | "ru" };
  favicon: Favicon;
  header: {
    preset: "default" | "bold" | "contrast" | "custom" | "none";
    logo?: ThemedURL;
    backgroundColor?: ThemedColor;
    linkColor?: ThemedColor;
    links: HeaderItem[];
  };
  footer: { logo?: ThemedURL; groups: { title: string; links: ContentLink[] }[]; copyright?: string };
  announcement?: Announcement;
  themes: { default: "light" | "dark"; toggeable: boolean };
  pdf: { enabled: boolean };
  feedback: { enabled: boolean };
  ai: { mode: "none" | "search" | "assistant" | "integration"; integrationId?: string };
  advancedCustomization: { enabled: boolean };
  git: { showEditLink: boolean };
  /** `items` (0.202) is the ordered list of enabled actions; the 0.137 booleans are kept in step with it. */
  pageActions: { externalAI: boolean; markdown: boolean; items?: PageActionType[] };
  externalLinks: { target: "self" | "blank" };
  pagination: { enabled: boolean };
  trademark: { enabled: boolean };
  privacyPolicy: { url?: string };
  socialPreview: { url?: string };
  insights: { trackingCookie: boolean };
  /** 0.202: the site's social accounts (none until set). */
  socialAccounts: SocialAccount[];
}

/** A write of the settings: the 0.202 additions may be absent (0.137 bodies); the defaults fill them on read. */
export type SiteCustomizationInput = Omit<SiteCustomizationSettings, "styling" | "socialAccounts"> & {
  styling: Omit<SiteCustomizationSettings["styling"], "codeTheme"> & {
    codeTheme?: SiteCustomizationSettings["styling"]["codeTheme"];
  };
  socialAccounts?: SocialAccount[];
};

export type PageActionType = (typeof PAGE_ACTION_TYPES)[number];
export interface ThemedCodeTheme {
  light: (typeof CODE_THEMES)[number];
  dark: (typeof CODE_THEMES)[number];
}
export interface SocialAccount {
  platform: (typeof SOCIAL_PLATFORMS)[number];
  handle: string;
  display: { footer: boolean; header: boolean };
}

/**
 * A site space's override as stored: any part of the settings, nested as they are. A group present holds only
 * the fields it overrides; everything else (a color, the favicon, the header links…) replaces the site's value
 * as a whole.
 */
export type SiteCustomizationOverride = { [key: string]: unknown };

const themed = (color: string): ThemedColor => ({ light: color, dark: color });

/** A site's settings until it is customized: GitBook's defaults (packages/colors DEFAULT_* for the colors). */
export function defaultSiteCustomization(): SiteCustomizationSettings {
  return {
    styling: {
      theme: "clean",
      primaryColor: themed("#346DDB"),
      infoColor: themed("#787878"),
      successColor: themed("#00C950"),
      warningColor: themed("#FE9A00"),
      dangerColor: themed("#FB2C36"),
      corners: "rounded",
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      background: "plain",
      icons: "regular",
      sidebar: { background: "default", list: "default" },
      search: "prominent",
      codeTheme: {
        default: { light: "default-light", dark: "default-dark" },
        openapi: { light: "default-light", dark: "default-dark" },
      },
    },
    internationalization: { locale: "en" },
    favicon: {},
    header: { preset: "default", links: [] },
    footer: { groups: [] },
    themes: { default: "light", toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: "search" },
    advancedCustomization: { enabled: true },
    git: { showEditLink: false },
    pageActions: { externalAI: true, markdown: true },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: true },
    socialAccounts: [],
  };
}

/**
 * The settings as answered: `pageActions` with both its forms. Stored `items` (a 0.202 write) are the source of
 * truth and set the 0.137 booleans; without them, `items` lists what the booleans and the PDF setting enable, and
 * `mcp` (the MCP server is on by default).
 * Applied last (after any override), so an override of one form never contradicts the other.
 */
export function withPageActions<T extends Pick<SiteCustomizationSettings, "pageActions" | "pdf">>(settings: T): T {
  const { items, externalAI, markdown } = settings.pageActions;
  const pageActions = items
    ? { externalAI: items.includes("external-ai"), markdown: items.includes("markdown"), items }
    : {
        externalAI,
        markdown,
        items: [
          ...(markdown ? (["markdown"] as const) : []),
          ...(externalAI ? (["external-ai"] as const) : []),
          // The site's MCP server (src/site/mcp) is on until a written list leaves it out.
          "mcp" as const,
          ...(settings.pdf.enabled ? (["pdf"] as const) : []),
        ],
      };
  return { ...settings, pageActions };
}

/** The objects that are groups of settings (merged field by field); any other value is replaced whole. */
const GROUPS = new Set([
  "styling",
  "styling.sidebar",
  "internationalization",
  "header",
  "footer",
  "themes",
  "pdf",
  "feedback",
  "ai",
  "advancedCustomization",
  "git",
  "pageActions",
  "externalLinks",
  "pagination",
  "trademark",
  "privacyPolicy",
  "socialPreview",
  "insights",
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Applies a PATCH to a stored override: a value sets that field's override, null removes it (the site's value
 * shows again), an absent field keeps its override; groups recurse, and a group left empty goes.
 */
export function patchOverride(
  current: SiteCustomizationOverride,
  patch: SiteCustomizationOverride,
  at = "",
): SiteCustomizationOverride {
  const out: SiteCustomizationOverride = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const path = at ? `${at}.${key}` : key;
    if (value === null) delete out[key];
    else if (GROUPS.has(path) && isObject(value)) {
      const merged = patchOverride(isObject(out[key]) ? out[key] : {}, value, path);
      if (Object.keys(merged).length) out[key] = merged;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** A site's settings with a site space's override on top (groups field by field, other values whole). */
export function applyOverride<T extends object>(base: T, override: SiteCustomizationOverride, at = ""): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined || value === null) continue;
    const path = at ? `${at}.${key}` : key;
    const current = out[key];
    out[key] = GROUPS.has(path) && isObject(value) && isObject(current) ? applyOverride(current, value, path) : value;
  }
  return out as T;
}
