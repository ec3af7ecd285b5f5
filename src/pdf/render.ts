/**
 * Page markdown (CommonMark + GFM) → a PDF: each page starts on a new PDF page with its title; headings,
 * paragraphs (bold, italic, code runs), ordered, bullet and task lists, code blocks, quotes, tables (as grids),
 * rules and PNG/JPEG images (from the space's files) are laid out with wrapping and page breaks.
 */
import type { Content, List, PhrasingContent, Root, Table } from "mdast";
import { toString } from "mdast-util-to-string";
import { PDFDocument, type PDFImage } from "pdf-lib";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { imageDimensions } from "../content/image-size";
import type { FontLoader } from "./fonts";
import { type CellAlign, PdfWriter, type Run, type RunStyle } from "./layout";

/** Larger images print as their placeholder: PNGs are fully decoded (4 bytes a pixel) to be embedded. */
export const MAX_PDF_IMAGE_BYTES = 4 * 1024 * 1024;
export const MAX_PDF_IMAGE_SIDE = 4096;
export const MAX_PDF_IMAGE_PIXELS = 8 * 1024 * 1024;

/** True for image bytes small enough, by size and by the dimensions in their header, to decode and embed. */
export function embeddable(bytes: Uint8Array): boolean {
  if (bytes.byteLength > MAX_PDF_IMAGE_BYTES) return false;
  const size = imageDimensions(bytes);
  return (
    !!size &&
    size.width <= MAX_PDF_IMAGE_SIDE &&
    size.height <= MAX_PDF_IMAGE_SIDE &&
    size.width * size.height <= MAX_PDF_IMAGE_PIXELS
  );
}

export interface PdfPageInput {
  title: string;
  description?: string;
  /** The page body (null for group pages: the title only). */
  markdown: string | null;
}

export interface PdfImageBytes {
  bytes: Uint8Array;
}

export interface PdfInput {
  title: string;
  pages: PdfPageInput[];
  /** The bytes of an image by its markdown URL (`/files/<id>`); undefined when it is not a file of the content. */
  image: (url: string) => Promise<PdfImageBytes | undefined>;
  /** Font files (the quire-static Worker's), read only when the text needs them. */
  font: FontLoader;
}

const parser = unified().use(remarkParse).use(remarkGfm);

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

class Renderer {
  private images = new Map<string, PDFImage | null>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly w: PdfWriter,
    private readonly input: PdfInput,
  ) {}

  private async embed(url: string): Promise<PDFImage | null> {
    if (this.images.has(url)) return this.images.get(url)!;
    let image: PDFImage | null = null;
    try {
      const found = await this.input.image(url);
      if (found && !embeddable(found.bytes)) image = null;
      else if (found && isPng(found.bytes)) image = await this.doc.embedPng(found.bytes);
      else if (found && isJpeg(found.bytes)) image = await this.doc.embedJpg(found.bytes);
    } catch {
      image = null; // a corrupt image prints as its placeholder
    }
    this.images.set(url, image);
    return image;
  }

  private async drawImage(url: string, alt: string, indent: number) {
    const image = await this.embed(url);
    if (image) this.w.image(image, indent);
    else await this.w.muted(`[Image${alt ? `: ${alt}` : ""}]`, indent);
  }

  /** Phrasing content → styled runs; images are collected to be drawn after the text. */
  private runs(nodes: PhrasingContent[], style: RunStyle, out: Run[], images: { url: string; alt: string }[]) {
    for (const node of nodes) {
      switch (node.type) {
        case "text":
          out.push({ text: node.value, style });
          break;
        case "strong":
          this.runs(node.children, style === "code" ? "code" : "bold", out, images);
          break;
        case "emphasis":
          this.runs(node.children, style === "normal" ? "italic" : style, out, images);
          break;
        case "inlineCode":
          out.push({ text: node.value, style: "code" });
          break;
        case "break":
          out.push({ text: "\n", style });
          break;
        case "image":
          images.push({ url: node.url, alt: node.alt ?? "" });
          break;
        case "link":
        case "delete":
        case "linkReference":
          this.runs(node.children as PhrasingContent[], style, out, images);
          break;
        default:
          out.push({ text: toString(node), style });
      }
    }
  }

  private async paragraph(children: PhrasingContent[], indent: number, prefix?: Run) {
    const runs: Run[] = [];
    const images: { url: string; alt: string }[] = [];
    this.runs(children, "normal", runs, images);
    if (runs.some((r) => r.text.trim()) || prefix) await this.w.text(runs, { indent, prefix });
    for (const image of images) await this.drawImage(image.url, image.alt, indent);
    this.w.space(6);
  }

  private async list(node: List, indent: number) {
    const start = node.start ?? 1;
    for (const [i, item] of node.children.entries()) {
      const marker =
        item.checked === true ? "[x]" : item.checked === false ? "[ ]" : node.ordered ? `${start + i}.` : "•";
      const inner = indent + 18;
      const [first, ...rest] = item.children;
      if (first?.type === "paragraph") await this.paragraph(first.children, inner, { text: marker });
      else {
        await this.w.text([{ text: "" }], { indent: inner, prefix: { text: marker } });
        if (first) await this.block(first, inner);
      }
      for (const child of rest) await this.block(child, inner);
    }
  }

  /** Cells as styled runs (the header row bold); an image in a cell prints as its alt text. */
  private async table(node: Table, indent: number) {
    const rows = node.children.map((row, i) =>
      row.children.map((cell) => {
        const runs: Run[] = [];
        const images: { url: string; alt: string }[] = [];
        this.runs(cell.children, i === 0 ? "bold" : "normal", runs, images);
        for (const image of images) runs.push({ text: `[Image${image.alt ? `: ${image.alt}` : ""}]`, style: "italic" });
        return runs;
      }),
    );
    await this.w.table(rows, (node.align ?? []) as CellAlign[], indent);
  }

  async block(node: Content, indent: number): Promise<void> {
    switch (node.type) {
      case "heading":
        await this.w.heading(toString(node), Math.min(6, node.depth + 1));
        break;
      case "paragraph":
        await this.paragraph(node.children, indent);
        break;
      case "list":
        await this.list(node, indent);
        this.w.space(4);
        break;
      case "code":
        await this.w.code(node.value, indent);
        this.w.space(6);
        break;
      case "blockquote": {
        const inner = indent + 14;
        await this.w.quoteBar(inner, async () => {
          for (const child of node.children) await this.block(child, inner);
        });
        break;
      }
      case "table":
        await this.table(node, indent);
        break;
      case "thematicBreak":
        this.w.rule();
        break;
      case "html":
      case "definition":
      case "footnoteDefinition":
      case "yaml":
        if (node.type === "html" && node.value.trim()) await this.w.code(node.value, indent);
        break;
      default: {
        const text = toString(node).trim();
        if (text) await this.w.text([{ text }], { indent });
      }
    }
  }

  async page(page: PdfPageInput) {
    this.w.newPage();
    await this.w.heading(page.title, 1);
    if (page.description) await this.w.muted(page.description);
    this.w.space(6);
    if (!page.markdown) return;
    const root = parser.parse(page.markdown) as Root;
    let children = root.children;
    // A leading `# Title` repeating the page title is not printed twice.
    const first = children[0];
    if (first?.type === "heading" && first.depth === 1 && toString(first).trim() === page.title.trim())
      children = children.slice(1);
    for (const node of children) await this.block(node, 0);
  }
}

export async function renderPdf(input: PdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setProducer("Quire");
  doc.setCreator("Quire");
  const writer = await PdfWriter.create(doc, input.font);
  const renderer = new Renderer(doc, writer, input);
  for (const page of input.pages) await renderer.page(page);
  if (writer.pages === 0) {
    writer.newPage();
    await writer.muted("This content has no pages.");
  }
  return doc.save();
}
