/**
 * A small flowing-text layout engine over pdf-lib: A4 pages with margins, styled runs wrapped word by word,
 * automatic page breaks, indented blocks (lists, quotes), code boxes, rules and images scaled to fit.
 * Standard PDF fonts only (no font files in the Worker): characters they cannot encode print as "?".
 */
import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export type RunStyle = "normal" | "bold" | "italic" | "code";
export interface Run {
  text: string;
  style?: RunStyle;
}

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.45, 0.45, 0.5);

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private fonts!: Record<RunStyle, PDFFont>;
  private charsets = new Map<PDFFont, Set<number>>();
  pages = 0;

  private constructor(private readonly doc: PDFDocument) {}

  static async create(doc: PDFDocument): Promise<PdfWriter> {
    const writer = new PdfWriter(doc);
    const [normal, bold, italic, code] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.HelveticaOblique),
      doc.embedFont(StandardFonts.Courier),
    ]);
    writer.fonts = { normal: normal!, bold: bold!, italic: italic!, code: code! };
    for (const font of Object.values(writer.fonts)) writer.charsets.set(font, new Set(font.getCharacterSet()));
    return writer;
  }

  get width() {
    return PAGE[0] - 2 * MARGIN;
  }

  /** Starts a new PDF page (every document page starts on one). */
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.pages++;
  }

  /** Breaks to a new page unless `height` more points fit on this one. */
  private ensure(height: number) {
    if (this.pages === 0 || this.y - height < MARGIN) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  /** Text the font can encode (WinAnsi for standard fonts): other characters become "?". */
  private encodable(font: PDFFont, text: string): string {
    const set = this.charsets.get(font)!;
    let out = "";
    for (const ch of text.replace(/\t/g, "    ")) {
      const code = ch.codePointAt(0)!;
      out += code === 32 || set.has(code) ? ch : code < 32 ? "" : "?";
    }
    return out;
  }

  /** Wraps styled runs into lines no wider than `width`, breaking words longer than a line. */
  private wrap(runs: Run[], size: number, width: number) {
    type Piece = { text: string; font: PDFFont; w: number };
    const lines: Piece[][] = [[]];
    let lineWidth = 0;
    const push = (piece: Piece) => {
      lines.at(-1)!.push(piece);
      lineWidth += piece.w;
    };
    for (const run of runs) {
      const font = this.fonts[run.style ?? "normal"];
      for (const part of run.text.split(/(\n| +)/)) {
        if (part === "") continue;
        if (part === "\n") {
          lines.push([]);
          lineWidth = 0;
          continue;
        }
        let text = this.encodable(font, part);
        let w = font.widthOfTextAtSize(text, size);
        if (/^ +$/.test(part)) {
          if (lineWidth > 0) push({ text: " ", font, w: font.widthOfTextAtSize(" ", size) });
          continue;
        }
        if (lineWidth + w > width && lineWidth > 0) {
          while (lines.at(-1)!.length && lines.at(-1)!.at(-1)!.text === " ") lines.at(-1)!.pop();
          lines.push([]);
          lineWidth = 0;
        }
        while (w > width && text.length > 1) {
          let cut = text.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(text.slice(0, cut), size) > width) cut--;
          push({ text: text.slice(0, cut), font, w: font.widthOfTextAtSize(text.slice(0, cut), size) });
          lines.push([]);
          lineWidth = 0;
          text = text.slice(cut);
          w = font.widthOfTextAtSize(text, size);
        }
        push({ text, font, w });
      }
    }
    return lines;
  }

  /** A wrapped paragraph of styled runs at `indent` points from the left margin. */
  text(runs: Run[], opts: { size?: number; indent?: number; color?: ReturnType<typeof rgb>; lineGap?: number; prefix?: Run } = {}) {
    const size = opts.size ?? 11;
    const indent = opts.indent ?? 0;
    const leading = size * (1 + (opts.lineGap ?? 0.35));
    const lines = this.wrap(runs, size, this.width - indent);
    lines.forEach((line, i) => {
      this.ensure(leading);
      this.y -= size;
      if (i === 0 && opts.prefix) {
        const font = this.fonts[opts.prefix.style ?? "normal"];
        const prefix = this.encodable(font, opts.prefix.text);
        this.page.drawText(prefix, { x: MARGIN + indent - font.widthOfTextAtSize(prefix, size) - 4, y: this.y, size, font, color: TEXT_COLOR });
      }
      let x = MARGIN + indent;
      for (const piece of line) {
        if (piece.text.trim()) this.page.drawText(piece.text, { x, y: this.y, size, font: piece.font, color: opts.color ?? TEXT_COLOR });
        x += piece.w;
      }
      this.y -= leading - size;
    });
  }

  heading(text: string, depth: number) {
    const size = [22, 17, 14, 12.5, 11.5, 11][Math.min(Math.max(depth, 1), 6) - 1]!;
    this.ensure(size * 3);
    this.space(depth <= 2 ? 10 : 6);
    this.text([{ text, style: "bold" }], { size, lineGap: 0.25 });
    this.space(4);
  }

  /** A monospaced block on a light background, split across pages when long. */
  code(source: string, indent = 0) {
    const size = 9;
    const leading = size * 1.4;
    const lines = this.wrap([{ text: source.replace(/\n$/, ""), style: "code" }], size, this.width - indent - 16);
    let i = 0;
    while (i < lines.length) {
      this.ensure(leading + 12);
      const fit = Math.max(1, Math.floor((this.y - MARGIN - 12) / leading));
      const chunk = lines.slice(i, i + fit);
      const height = chunk.length * leading + 12;
      this.page.drawRectangle({ x: MARGIN + indent, y: this.y - height, width: this.width - indent, height, color: rgb(0.95, 0.95, 0.96) });
      this.y -= 6;
      for (const line of chunk) {
        this.y -= size;
        let x = MARGIN + indent + 8;
        for (const piece of line) {
          if (piece.text.trim()) this.page.drawText(piece.text, { x, y: this.y, size, font: piece.font, color: TEXT_COLOR });
          x += piece.w;
        }
        this.y -= leading - size;
      }
      this.y -= 6;
      i += chunk.length;
    }
  }

  rule() {
    this.ensure(14);
    this.y -= 7;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.6, color: MUTED });
    this.y -= 7;
  }

  /** A vertical bar beside the content drawn by `body` (block quotes), on the pages it spans. */
  async quoteBar(indent: number, body: () => Promise<void>) {
    this.ensure(20);
    const startPage = this.page;
    const top = this.y;
    await body();
    if (this.page === startPage) {
      this.page.drawLine({ start: { x: MARGIN + indent - 8, y: top }, end: { x: MARGIN + indent - 8, y: this.y + 4 }, thickness: 2, color: MUTED });
    }
  }

  /** An image scaled to the text width (never enlarged), on the next page when it does not fit. */
  image(image: PDFImage, indent = 0) {
    const maxWidth = this.width - indent;
    const maxHeight = PAGE[1] - 2 * MARGIN;
    const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 8);
    this.y -= height;
    this.page.drawImage(image, { x: MARGIN + indent, y: this.y, width, height });
    this.y -= 8;
  }

  muted(text: string, indent = 0) {
    this.text([{ text, style: "italic" }], { size: 9.5, indent, color: MUTED });
  }
}
