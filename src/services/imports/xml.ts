/**
 * A small, non-validating XML reader for Office Open XML parts (docx): elements with attributes and text,
 * comments, processing instructions and CDATA handled; entities decoded. Malformed input never throws past
 * `parseXml` (it answers undefined); depth is bounded.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const MAX_DEPTH = 256;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "\uFFFD";
    }
    return ENTITIES[code.toLowerCase()] ?? all;
  });
}

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function parseXml(xml: string): XmlElement | undefined {
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    const [, cdata, closing, name, rawAttrs, selfClosing, text] = match;
    const top = stack[stack.length - 1];
    if (cdata !== undefined) top.children.push(cdata);
    else if (text !== undefined) top.children.push(decodeEntities(text));
    else if (name !== undefined && closing) {
      if (top.name !== name) return undefined;
      stack.pop();
    } else if (name !== undefined) {
      const attrs: Record<string, string> = {};
      for (const a of rawAttrs.matchAll(ATTR)) attrs[a[1]] = decodeEntities(a[2] ?? a[3] ?? "");
      const element: XmlElement = { name, attrs, children: [] };
      top.children.push(element);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) return undefined;
        stack.push(element);
      }
    }
  }
  return stack.length === 1 ? root : undefined;
}

export const elements = (node: XmlElement, name?: string): XmlElement[] =>
  node.children.filter((c): c is XmlElement => typeof c !== "string" && (name === undefined || c.name === name));

export const child = (node: XmlElement, name: string): XmlElement | undefined => elements(node, name)[0];

/** The first descendant (depth first) named `name`. */
export function descendant(node: XmlElement, name: string): XmlElement | undefined {
  for (const c of elements(node)) {
    if (c.name === name) return c;
    const hit = descendant(c, name);
    if (hit) return hit;
  }
  return undefined;
}

export function descendants(node: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elements(node)) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

export function textOf(node: XmlElement): string {
  return node.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");
}
