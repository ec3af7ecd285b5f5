/**
 * URL slugs for page paths and heading anchors.
 *
 * Latin letters with diacritics are folded to ASCII (`Über` → `uber`, `ß` → `ss`); letters and digits of other
 * scripts (CJK, Cyrillic, Arabic, …) are kept as they are (NFC), so a Japanese title keeps a Japanese slug.
 * Everything else becomes a single hyphen.
 */

const SPECIAL: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  ł: "l",
  Ł: "l",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŋ: "n",
  Ŋ: "n",
};

const MAX_SLUG_LENGTH = 100;
/** What `slugify` returns when a title has nothing usable in it. */
export const FALLBACK_SLUG = "untitled";

function foldChar(ch: string): string {
  const special = SPECIAL[ch];
  if (special) return special;
  const decomposed = ch.normalize("NFKD");
  // Folding only when the decomposition is ASCII plus combining marks (é, Å, ﬁ, full-width Ａ, ①);
  // kana with dakuten, Hangul and other scripts decompose into non-ASCII parts and are kept whole.
  const base = decomposed.replace(/\p{M}/gu, "");
  if (base.length > 0 && /^[\x20-\x7e]+$/.test(base)) return base;
  return ch;
}

/** A URL slug from a title: lower-case, ASCII-folded where sensible, CJK kept, words joined by hyphens. */
export function slugify(title: string): string {
  let folded = "";
  for (const ch of String(title ?? "").normalize("NFC")) folded += foldChar(ch);
  const slug = folded
    .toLowerCase()
    .replace(/['’`"]/g, "") // "Don't" → "dont", not "don-t"
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (!slug) return FALLBACK_SLUG;
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = [...slug].slice(0, MAX_SLUG_LENGTH).join("");
  const boundary = cut.lastIndexOf("-");
  return (boundary > MAX_SLUG_LENGTH / 2 ? cut.slice(0, boundary) : cut).replace(/-+$/, "");
}

/**
 * `slug` if it is free in `taken`, else the first free `slug-2`, `slug-3`, …. The result is added to `taken`,
 * so calling it for each sibling in order yields unique slugs.
 */
export function uniqueSlug(slug: string, taken: Set<string>): string {
  const base = slug || FALLBACK_SLUG;
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}
