/**
 * The site's customization as CSS custom properties (the layout's one inline <style>; the stylesheet in
 * assets-css.ts reads them). Colors come from the customization but are never trusted for contrast: each
 * color gives three properties per mode,
 *   --{name}        the color as chosen (borders, markers: non-text),
 *   --{name}-soft   a light (dark mode: dark) tint of it, for backgrounds (hints, announcement, current page),
 *   --{name}-text   the color darkened (dark mode: lightened) until it reaches 4.5:1 (WCAG AA) against the
 *                   page, the code blocks and every soft tint, for links and colored text,
 * plus --on-primary (black or white, whichever reads better on the primary color). Fonts: the customization's
 * family first, then a system stack; only a custom font's own files (this deployment's, `@font-face`) are fetched.
 *
 * Color scheme (documented in the stylesheet too): <html data-mode="light|dark|auto">. Not toggleable: the
 * site's default mode, fixed. Toggleable: `auto`, which follows the visitor's `prefers-color-scheme`, and the
 * script's toggle button sets `light`/`dark` (remembered in localStorage).
 */
import type { SiteTheme } from "./view";

type RGB = [number, number, number];

/** Page and code-block backgrounds per mode (keep in step with the neutral palette in assets-css.ts). */
export const BACKGROUNDS = {
  light: { page: "#ffffff", code: "#f6f8fa" },
  dark: { page: "#0d1117", code: "#161b22" },
} as const;

const DEFAULT_COLORS: Record<ColorName, string> = {
  primary: "#346ddb",
  info: "#787878",
  success: "#00c950",
  warning: "#fe9a00",
  danger: "#fb2c36",
};

type ColorName = "primary" | "info" | "success" | "warning" | "danger";
const COLOR_NAMES: ColorName[] = ["primary", "info", "success", "warning", "danger"];

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored); anything else is not a color we print. */
export function parseHex(color: string | undefined): RGB | undefined {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec((color ?? "").trim());
  if (!m) return undefined;
  const hex = m[1]!.length <= 4 ? [...m[1]!.slice(0, 3)].map((c) => c + c).join("") : m[1]!.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as RGB;
}

const toHex = (rgb: RGB) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/** WCAG relative luminance. */
function luminance([r, g, b]: RGB): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1 to 21). */
export function contrast(a: RGB, b: RGB): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `a` moved toward `b` by `t` (0: a, 1: b). */
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as RGB;

/** The color, moved toward `toward` in small steps until it reaches `ratio` against every background. */
function readable(color: RGB, backgrounds: RGB[], toward: RGB, ratio = 4.5): RGB {
  for (let t = 0; t <= 1; t += 0.02) {
    const candidate = mix(color, toward, t).map(Math.round) as RGB;
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio + 0.05)) return candidate;
  }
  return toward;
}

const BLACK: RGB = [0, 0, 0];
const WHITE: RGB = [255, 255, 255];

/** The color custom properties of one mode. */
export function modeColors(theme: SiteTheme, mode: "light" | "dark"): Record<string, string> {
  const page = parseHex(BACKGROUNDS[mode].page)!;
  const code = parseHex(BACKGROUNDS[mode].code)!;
  const chosen = (name: ColorName) => {
    const themed = theme[`${name}Color`];
    return parseHex(themed?.[mode]) ?? parseHex(DEFAULT_COLORS[name])!;
  };
  const soft = (c: RGB) => mix(page, c, mode === "light" ? 0.12 : 0.2).map(Math.round) as RGB;
  const softs = COLOR_NAMES.map((name) => soft(chosen(name)));
  const vars: Record<string, string> = {};
  for (const name of COLOR_NAMES) {
    const c = chosen(name);
    vars[`--${name}`] = toHex(c);
    vars[`--${name}-soft`] = toHex(soft(c));
    vars[`--${name}-text`] = toHex(readable(c, [page, code, ...softs], mode === "light" ? BLACK : WHITE));
  }
  const primary = chosen("primary");
  vars["--on-primary"] = contrast(primary, WHITE) >= contrast(primary, BLACK) ? "#ffffff" : "#000000";
  return vars;
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';

/** A font name as it may appear in the inline stylesheet: no quote, no markup, never `</style>`. */
const cleanFontName = (name: string | undefined) =>
  (name ?? "")
    .replace(/[^A-Za-z0-9 _-]/g, "")
    .trim()
    .slice(0, 64);

/** A customization font name as CSS family names: `IBMPlexMono` → `"IBM Plex Mono", "IBMPlexMono"`. */
export function fontFamilies(name: string | undefined): string {
  const clean = cleanFontName(name);
  if (!clean) return "";
  const spaced = clean.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return spaced === clean ? `"${clean}", ` : `"${spaced}", "${clean}", `;
}

const RADIUS: Record<string, [string, string]> = {
  straight: ["0", "0"],
  rounded: ["6px", "8px"],
  circular: ["12px", "999px"],
};

const block = (selector: string, vars: Record<string, string>) =>
  `${selector}{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;

/** A font file under a site's address (`{base}/~fonts/{sha256}.{ext}`), nothing that could leave the `url("…")`. */
const FONT_SRC = /^(?:\/[\w.~-]+)*\/~fonts\/[0-9a-f]{64}\.[a-z0-9]+$/;

/** Custom fonts' `@font-face` rules: sources are root-relative paths of this deployment's font files. */
function fontFaceRules(theme: SiteTheme): string[] {
  return (theme.fontFaces ?? []).flatMap((face) => {
    const family = cleanFontName(face.family);
    if (!family || !FONT_SRC.test(face.src)) return [];
    const weight = Math.min(1000, Math.max(1, Math.round(face.weight)));
    return [
      `@font-face{font-family:"${family}";font-weight:${weight};font-display:swap;src:url("${face.src}") format("${face.format.replace(/[^a-z0-9]/g, "")}")}`,
    ];
  });
}

/** The inline stylesheet: fonts, radii, and both modes' colors wired to `data-mode` (see the top comment). */
export function themeStyle(theme: SiteTheme): string {
  const [radius, control] = RADIUS[theme.corners] ?? RADIUS.rounded!;
  const dark = modeColors(theme, "dark");
  return [
    ...fontFaceRules(theme),
    block(":root", {
      "--font-body": `${fontFamilies(theme.font)}${SANS}`,
      "--font-mono": `${fontFamilies(theme.monospaceFont)}${MONO}`,
      "--radius": radius,
      "--radius-control": control,
      ...modeColors(theme, "light"),
    }),
    block(':root[data-mode="dark"]', dark),
    `@media (prefers-color-scheme: dark){${block(':root[data-mode="auto"]', dark)}}`,
  ].join("\n");
}

/** The `data-mode` the page starts with (see the top comment). */
export function initialMode(theme: SiteTheme): "light" | "dark" | "auto" {
  if (theme.toggeable) return "auto";
  return theme.defaultMode === "dark" ? "dark" : "light";
}
