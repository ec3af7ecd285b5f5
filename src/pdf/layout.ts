/**
 * A small flowing-text layout engine over pdf-lib: A4 pages with margins, styled runs wrapped (lines.ts) in
 * fonts chosen by coverage (fonts.ts), automatic page breaks, indented blocks (lists, quotes), code boxes,
 * tables drawn as grids, rules and images scaled to fit. Text methods are async: they first embed the fonts
 * their text needs.
 */
import { type PDFDocument, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { type FontLoader, FontSet } from "./fonts";
import { type Line, type Run, widest, wrap } from "./lines";

export type { RunStyle } from "./fonts";
export type { Run } from "./lines";
export type CellAlign = "left" | "right" | "center" | null;

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.45, 0.45, 0.5);
const GRID = rgb(0.6, 0.6, 0.64);
const HEADER_FILL = rgb(0.92, 0.92, 0.94);

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  pages = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontSet,
  ) {}

  static async create(doc: PDFDocument, loadFont: FontLoader): Promise<PdfWriter> {
    return new PdfWriter(doc, await FontSet.create(doc, loadFont));
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

  /** Embeds the fonts the runs need, then wraps them. */
  private async lines(runs: Run[], size: number, width: number): Promise<Line[]> {
    for (const run of runs) await this.fonts.prepare(run.text, run.style ?? "normal");
    return wrap(this.fonts, runs, size, width);
  }

  private drawLine(line: Line, x: number, size: number, color = TEXT_COLOR) {
    for (const piece of line) {
      if (piece.text.trim()) this.page.drawText(piece.text, { x, y: this.y, size, font: piece.font, color });
      x += piece.w;
    }
  }

  /** A wrapped paragraph of styled runs at `indent` points from the left margin. */
  async text(
    runs: Run[],
    opts: { size?: number; indent?: number; color?: ReturnType<typeof rgb>; lineGap?: number; prefix?: Run } = {},
  ) {
    const size = opts.size ?? 11;
    const indent = opts.indent ?? 0;
    const leading = size * (1 + (opts.lineGap ?? 0.35));
    const lines = await this.lines(runs, size, this.width - indent);
    const prefix = opts.prefix ? (await this.lines([opts.prefix], size, Infinity))[0]! : undefined;
    lines.forEach((line, i) => {
      this.ensure(leading);
      this.y -= size;
      if (i === 0 && prefix) this.drawLine(prefix, MARGIN + indent - widest([prefix]) - 4, size);
      this.drawLine(line, MARGIN + indent, size, opts.color);
      this.y -= leading - size;
    });
  }

  async heading(text: string, depth: number) {
    const size = [22, 17, 14, 12.5, 11.5, 11][Math.min(Math.max(depth, 1), 6) - 1]!;
    this.ensure(size * 3);
    this.space(depth <= 2 ? 10 : 6);
    await this.text([{ text, style: "bold" }], { size, lineGap: 0.25 });
    this.space(4);
  }

  /** A monospaced block on a light background, split across pages when long. */
  async code(source: string, indent = 0) {
    const size = 9;
    const leading = size * 1.4;
    const lines = await this.lines(
      [{ text: source.replace(/\n$/, ""), style: "code" }],
      size,
      this.width - indent - 16,
    );
    let i = 0;
    while (i < lines.length) {
      this.ensure(leading + 12);
      const fit = Math.max(1, Math.floor((this.y - MARGIN - 12) / leading));
      const chunk = lines.slice(i, i + fit);
      const height = chunk.length * leading + 12;
      this.page.drawRectangle({
        x: MARGIN + indent,
        y: this.y - height,
        width: this.width - indent,
        height,
        color: rgb(0.95, 0.95, 0.96),
      });
      this.y -= 6;
      for (const line of chunk) {
        this.y -= size;
        this.drawLine(line, MARGIN + indent + 8, size);
        this.y -= leading - size;
      }
      this.y -= 6;
      i += chunk.length;
    }
  }

  /**
   * A table as a grid: a shaded header row, cell text wrapped within its column and aligned as the markdown
   * says. Rows move whole to the next page when they fit on one (the header repeats there); a row taller than
   * a page is split between its lines.
   */
  async table(rows: Run[][][], align: CellAlign[], indent = 0) {
    const size = 10;
    const pad = 4;
    const leading = size * 1.35;
    const columns = Math.max(...rows.map((row) => row.length));
    if (!rows.length || columns === 0) return;
    const cell = (row: Run[][], c: number) => row[c] ?? [];
    const natural: number[] = [];
    for (let c = 0; c < columns; c++) {
      let w = 0;
      for (const row of rows) w = Math.max(w, widest(await this.lines(cell(row, c), size, Infinity)));
      natural.push(w + 2 * pad);
    }
    const widths = columnWidths(natural, this.width - indent, 2 * pad + size);
    const laid: Line[][][] = [];
    for (const row of rows)
      laid.push(await Promise.all(widths.map((w, c) => this.lines(cell(row, c), size, w - 2 * pad))));
    const lineCount = (row: Line[][]) => Math.max(1, ...row.map((lines) => lines.length));
    const height = (n: number) => n * leading + 2 * pad;
    const pageRoom = PAGE[1] - 2 * MARGIN;

    const drawRow = (row: Line[][], from: number, count: number, header: boolean) => {
      const h = height(count);
      let x = MARGIN + indent;
      row.forEach((lines, c) => {
        const w = widths[c]!;
        this.page.drawRectangle({
          x,
          y: this.y - h,
          width: w,
          height: h,
          borderColor: GRID,
          borderWidth: 0.6,
          ...(header ? { color: HEADER_FILL } : {}),
        });
        let y = this.y - pad;
        for (const line of lines.slice(from, from + count)) {
          const free = w - 2 * pad - widest([line]);
          const shift = align[c] === "right" ? free : align[c] === "center" ? free / 2 : 0;
          const saved = this.y;
          this.y = y - size;
          this.drawLine(line, x + pad + Math.max(0, shift), size);
          this.y = saved;
          y -= leading;
        }
        x += w;
      });
      this.y -= h;
    };
    const header = laid[0]!;
    const headerLines = Math.min(lineCount(header), Math.floor((pageRoom / 3 - 2 * pad) / leading));
    // The header never ends a page alone: it moves on with the first row (or as much of it as one page holds).
    this.ensure(Math.min(pageRoom, height(headerLines) + height(lineCount(laid[1] ?? [[]]))));
    drawRow(header, 0, headerLines, true);
    for (const row of laid.slice(1)) {
      let from = 0;
      const total = lineCount(row);
      while (from < total) {
        const fits = Math.floor((this.y - MARGIN - 2 * pad) / leading);
        const rest = total - from;
        const wholeFitsOnAPage = height(rest) <= pageRoom - height(headerLines);
        if (fits < rest && (wholeFitsOnAPage || fits < 1)) {
          this.newPage();
          drawRow(header, 0, headerLines, true);
          continue;
        }
        const count = Math.min(rest, fits);
        drawRow(row, from, count, false);
        from += count;
      }
    }
    this.y -= 8;
  }

  rule() {
    this.ensure(14);
    this.y -= 7;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 7;
  }

  /** A vertical bar beside the content drawn by `body` (block quotes), on the pages it spans. */
  async quoteBar(indent: number, body: () => Promise<void>) {
    this.ensure(20);
    const startPage = this.page;
    const top = this.y;
    await body();
    if (this.page === startPage) {
      this.page.drawLine({
        start: { x: MARGIN + indent - 8, y: top },
        end: { x: MARGIN + indent - 8, y: this.y + 4 },
        thickness: 2,
        color: MUTED,
      });
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

  async muted(text: string, indent = 0) {
    await this.text([{ text, style: "italic" }], { size: 9.5, indent, color: MUTED });
  }
}

/**
 * Column widths that fill `available`: natural widths stretched in proportion when they fit, else narrow
 * columns keep theirs and the wide ones share the rest in proportion to their natural widths (never below
 * `least`).
 */
export function columnWidths(natural: number[], available: number, least: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => (w * available) / total); // full width, like the text around it
  const fixed = new Set<number>();
  for (;;) {
    const room = available - [...fixed].reduce((sum, c) => sum + natural[c]!, 0);
    const flexible = natural.map((_, c) => c).filter((c) => !fixed.has(c));
    const flexTotal = flexible.reduce((sum, c) => sum + natural[c]!, 0);
    const share = (c: number) => (room * natural[c]!) / flexTotal;
    const narrow = flexible.filter((c) => natural[c]! <= room / flexible.length);
    if (narrow.length && narrow.length < flexible.length) {
      for (const c of narrow) fixed.add(c);
      continue;
    }
    return natural.map((w, c) => (fixed.has(c) ? w : Math.max(least, share(c))));
  }
}
