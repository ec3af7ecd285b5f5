import type { BlockContent, List, ListItem, PhrasingContent, Root, RootContent, TableRow } from "mdast";
import { mdastToMarkdown } from "../../content/markdown";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { decodeText, type Fetched, ImportFetcher, lastPathSegment } from "./fetching";
import { IMPORT_LIMITS, imageTypeOf, type ImportPlan, type PlannedFile } from "./plan";
import { child, descendant, descendants, elements, parseXml, textOf, type XmlElement } from "./xml";
import { unpack } from "./archive";

const PARTS =
  /^(word\/(document\.xml|styles\.xml|numbering\.xml|_rels\/document\.xml\.rels|media\/[^/]+)|docProps\/core\.xml)$/;

interface Segment {
  text?: string;
  image?: { url: string; alt: string };
  bold: boolean;
  italic: boolean;
  strike: boolean;
  href?: string;
}

const on = (props: XmlElement | undefined, name: string) => {
  const flag = props && child(props, name);
  return Boolean(flag) && !["0", "false", "none"].includes(flag!.attrs["w:val"] ?? "");
};

/** Reads a .docx (Office Open XML) document into one page: headings, paragraphs, emphasis, links, lists, tables, images. */
export async function planDocx(env: Env, url: string): Promise<ImportPlan> {
  return planDocxDocument(
    await new ImportFetcher(env, IMPORT_LIMITS.archiveBytes).get(url, IMPORT_LIMITS.archiveBytes),
  );
}

/** A .docx already read (fetched, or an uploaded file). */
export function planDocxDocument(fetched: Fetched): ImportPlan {
  const parts = unpack(fetched.bytes, "Word document", (name) => PARTS.test(name));
  const xml = (name: string) =>
    parts[name] ? parseXml(decodeText(parts[name], `Word document part ${name}`)) : undefined;
  const document = xml("word/document.xml");
  const body = document && descendant(document, "w:body");
  if (!body)
    throw new ApiError(422, "The file is not a Word (.docx) document: word/document.xml is missing or malformed");

  const rels = new Map<string, { target: string; external: boolean }>();
  const relsXml = xml("word/_rels/document.xml.rels");
  for (const rel of relsXml ? descendants(relsXml, "Relationship") : []) {
    rels.set(rel.attrs.Id, { target: rel.attrs.Target ?? "", external: rel.attrs.TargetMode === "External" });
  }
  const styleNames = new Map<string, string>();
  const stylesXml = xml("word/styles.xml");
  for (const style of stylesXml ? descendants(stylesXml, "w:style") : []) {
    const name = child(style, "w:name")?.attrs["w:val"];
    if (name) styleNames.set(style.attrs["w:styleId"], name.toLowerCase());
  }
  const ordered = numberingFormats(xml("word/numbering.xml"));

  const files: PlannedFile[] = [];
  const fileRefOf = new Map<string, string>();
  let imagesSeen = 0;
  const imageFor = (relId: string): string | undefined => {
    const rel = rels.get(relId);
    if (!rel || rel.external) return undefined;
    const path = rel.target.startsWith("/") ? rel.target.slice(1) : `word/${rel.target}`;
    if (!fileRefOf.has(path)) {
      imagesSeen++;
      const bytes = parts[path];
      const contentType = imageTypeOf(path);
      if (!bytes || !contentType || bytes.byteLength > IMPORT_LIMITS.fileBytes || files.length >= IMPORT_LIMITS.files)
        return undefined;
      fileRefOf.set(path, `file-${files.length + 1}`);
      files.push({ ref: `file-${files.length + 1}`, name: path.split("/").pop()!, contentType, bytes });
    }
    return `./${fileRefOf.get(path)}`;
  };

  const segments = (node: XmlElement, href: string | undefined, out: Segment[] = []): Segment[] => {
    for (const el of elements(node)) {
      if (el.name === "w:r") {
        const props = child(el, "w:rPr");
        const fmt = { bold: on(props, "w:b"), italic: on(props, "w:i"), strike: on(props, "w:strike"), href };
        for (const part of elements(el)) {
          if (part.name === "w:t") out.push({ ...fmt, text: textOf(part) });
          else if (part.name === "w:tab") out.push({ ...fmt, text: " " });
          else if (part.name === "w:br" || part.name === "w:cr") out.push({ ...fmt, text: "\n" });
          else if (part.name === "w:drawing" || part.name === "w:pict") {
            const embed =
              descendant(part, "a:blip")?.attrs["r:embed"] ?? descendant(part, "v:imagedata")?.attrs["r:id"];
            const url = embed ? imageFor(embed) : undefined;
            const alt = descendant(part, "wp:docPr")?.attrs.descr ?? "";
            if (url) out.push({ ...fmt, image: { url, alt } });
          }
        }
      } else if (el.name === "w:hyperlink") {
        const rel = el.attrs["r:id"] ? rels.get(el.attrs["r:id"]) : undefined;
        segments(
          el,
          rel?.external ? rel.target : (href ?? (el.attrs["w:anchor"] ? `#${el.attrs["w:anchor"]}` : undefined)),
          out,
        );
      } else if (el.name !== "w:pPr" && el.name !== "w:rPr" && el.name !== "w:del") {
        segments(el, href, out); // w:ins, w:smartTag, w:sdt, w:fldSimple …
      }
    }
    return out;
  };

  const phrasing = (paragraph: XmlElement): PhrasingContent[] => {
    const out: PhrasingContent[] = [];
    let last: Segment | undefined;
    for (const seg of segments(paragraph, undefined)) {
      if (seg.image) {
        out.push({ type: "image", url: seg.image.url, alt: seg.image.alt });
        last = undefined;
        continue;
      }
      const same =
        last &&
        last.bold === seg.bold &&
        last.italic === seg.italic &&
        last.strike === seg.strike &&
        last.href === seg.href;
      const target = same ? innermostText(out[out.length - 1]) : undefined;
      if (target) target.value += seg.text ?? "";
      else out.push(wrap(seg));
      last = seg;
    }
    return out.filter((n) => n.type !== "text" || n.value !== "");
  };

  const blocks: RootContent[] = [];
  const listStack: { list: List; level: number; numId: string }[] = [];
  let title = "";
  for (const el of elements(body)) {
    if (el.name === "w:tbl") {
      listStack.length = 0;
      const rows: TableRow[] = descendants(el, "w:tr").map((tr) => ({
        type: "tableRow",
        children: elements(tr, "w:tc").map((tc) => ({
          type: "tableCell",
          children: elements(tc, "w:p").flatMap((p, i) => [
            ...(i ? [{ type: "text", value: " " } as const] : []),
            ...phrasing(p),
          ]),
        })),
      }));
      const width = Math.max(0, ...rows.map((r) => r.children.length));
      for (const row of rows)
        while (row.children.length < width) row.children.push({ type: "tableCell", children: [] });
      if (rows.length && width) blocks.push({ type: "table", align: rows[0].children.map(() => null), children: rows });
      continue;
    }
    if (el.name !== "w:p") continue;
    const props = child(el, "w:pPr");
    const style = styleNames.get(child(props ?? el, "w:pStyle")?.attrs["w:val"] ?? "") ?? "";
    const content = phrasing(el);
    if (!content.length) continue;
    const heading = style === "title" ? 1 : Number(/^heading (\d)$/.exec(style)?.[1] ?? 0);
    const numPr = props && child(props, "w:numPr");
    if (heading) {
      listStack.length = 0;
      title ||= content.map(plain).join("").trim();
      blocks.push({ type: "heading", depth: Math.min(heading, 6) as 1, children: content });
    } else if (numPr) {
      const level = Math.min(Number(child(numPr, "w:ilvl")?.attrs["w:val"] ?? 0) || 0, 8);
      const numId = child(numPr, "w:numId")?.attrs["w:val"] ?? "";
      const isOrdered = ordered.get(`${numId}:${level}`) ?? false;
      const item: ListItem = { type: "listItem", spread: false, children: [{ type: "paragraph", children: content }] };
      while (listStack.length && listStack[listStack.length - 1].level > level) listStack.pop();
      // Another numbering at the same level starts another list.
      if (
        listStack.length &&
        listStack[listStack.length - 1].level === level &&
        listStack[listStack.length - 1].numId !== numId
      )
        listStack.pop();
      const top = listStack[listStack.length - 1];
      if (top && top.level === level) top.list.children.push(item);
      else {
        const list: List = { type: "list", ordered: isOrdered, spread: false, children: [item] };
        const parentItem = top?.list.children[top.list.children.length - 1];
        if (parentItem) parentItem.children.push(list as BlockContent);
        else blocks.push(list);
        listStack.push({ list, level, numId });
      }
    } else {
      listStack.length = 0;
      blocks.push({ type: "paragraph", children: content });
    }
  }
  if (!blocks.length) throw new ApiError(422, "The Word document has no text to import");

  const core = xml("docProps/core.xml");
  const coreTitle = core ? textOf(descendant(core, "dc:title") ?? { name: "", attrs: {}, children: [] }).trim() : "";
  const fileName = lastPathSegment(fetched.url).replace(/\.docx$/i, "");
  const root: Root = { type: "root", children: blocks };
  return {
    pages: [
      { ref: "page-1", title: coreTitle || title || fileName || "Imported document", markdown: mdastToMarkdown(root) },
    ],
    files,
    totalResources: 1 + imagesSeen,
  };
}

function wrap(seg: Segment): PhrasingContent {
  let node: PhrasingContent = { type: "text", value: seg.text ?? "" };
  if (seg.strike) node = { type: "delete", children: [node] };
  if (seg.italic) node = { type: "emphasis", children: [node] };
  if (seg.bold) node = { type: "strong", children: [node] };
  if (seg.href) node = { type: "link", url: seg.href, children: [node] };
  return node;
}

function innermostText(node: PhrasingContent | undefined): { value: string } | undefined {
  while (node && node.type !== "text") {
    if (!("children" in node) || node.children.length !== 1) return undefined;
    node = node.children[0] as PhrasingContent;
  }
  return node;
}

function plain(node: PhrasingContent): string {
  if (node.type === "text") return node.value;
  return "children" in node ? (node.children as PhrasingContent[]).map(plain).join("") : "";
}

/** numbering.xml: `<numId>:<level>` → ordered (anything but bullets). */
function numberingFormats(numbering: XmlElement | undefined): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (!numbering) return out;
  const abstract = new Map<string, XmlElement>();
  for (const a of descendants(numbering, "w:abstractNum")) abstract.set(a.attrs["w:abstractNumId"], a);
  for (const num of descendants(numbering, "w:num")) {
    const def = abstract.get(child(num, "w:abstractNumId")?.attrs["w:val"] ?? "");
    for (const lvl of def ? elements(def, "w:lvl") : []) {
      out.set(
        `${num.attrs["w:numId"]}:${lvl.attrs["w:ilvl"]}`,
        (child(lvl, "w:numFmt")?.attrs["w:val"] ?? "bullet") !== "bullet",
      );
    }
  }
  return out;
}
