/**
 * A small PDF text extractor for tests: per page, follows `Tf` font selections in the content streams and
 * decodes the strings `Tj` shows — through the font's ToUnicode CMap for embedded (Identity-H) fonts, as
 * WinAnsi for standard fonts — one entry per operator, in drawing order. Also lists the drawing operators, to
 * check that shapes (table grids) were drawn. Enough to check what Quire's renderer wrote; not a general parser.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from "pdf-lib";

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

async function inflate(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return latin1(new Uint8Array(await new Response(stream).arrayBuffer()));
  } catch {
    return undefined;
  }
}

/** Every stream's content (inflated when FlateDecode), in file order. */
export async function pdfStreams(pdf: Uint8Array): Promise<string[]> {
  const text = latin1(pdf);
  const out: string[] = [];
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(m[1]!)?.[1];
    const raw = pdf.subarray(start, length ? start + Number(length) : end);
    const body = /\/FlateDecode/.test(m[1]!) ? await inflate(raw) : latin1(raw);
    if (body !== undefined) out.push(body);
    re.lastIndex = end;
  }
  return out;
}

/** WinAnsiEncoding's differences from Latin-1 (0x80–0x9F) that Quire's renderer may draw. */
const WIN_ANSI: Record<number, string> = {
  133: "…",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
};
const winAnsi = (code: number) => WIN_ANSI[code] ?? String.fromCharCode(code);

const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** A ToUnicode CMap's bfchar and bfrange entries: 2-byte code → text. */
function parseCMap(cmap: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      out.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g)) {
      const [lo, hi] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      const list = m[4]?.match(/<([0-9a-fA-F]+)>/g)?.map((h) => utf16(h.slice(1, -1)));
      for (let code = lo; code <= hi; code++) {
        if (list) out.set(code, list[code - lo] ?? "");
        else {
          const base = utf16(m[3]!);
          out.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - lo));
        }
      }
    }
  }
  return out;
}

const streamText = (stream: PDFRawStream) => latin1(decodePDFRawStream(stream).decode());

export interface PdfPageContent {
  /** Text shown by each Tj operator, decoded. */
  text: string[];
  /** The page's content stream operators that draw shapes (`re`, `m`, `l`, `h`; `S` stroke, `f` fill, `B` both), in order. */
  shapes: string[];
  /** BaseFont names of the fonts the page uses (subset fonts as `ABCDEF+Name`). */
  fonts: string[];
}

export async function pdfPages(pdf: Uint8Array): Promise<PdfPageContent[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const cmaps = new Map<string, Map<number, string> | undefined>();
    const fonts: string[] = [];
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      fonts.push(font.get(PDFName.of("BaseFont"))?.toString().slice(1) ?? "");
      const toUnicode = font.lookup(PDFName.of("ToUnicode")) as PDFRawStream | undefined;
      cmaps.set(name.toString(), toUnicode ? parseCMap(streamText(toUnicode)) : undefined);
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => doc.context.lookup(r) as PDFRawStream)
        : [contents as PDFRawStream];
    const ops = streams.map(streamText).join("\n");
    const text: string[] = [];
    const shapes: string[] = [];
    let cmap: Map<number, string> | undefined;
    for (const m of ops.matchAll(
      /(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|(?<=\s)(re|m|l|h|S|f|B)(?=\s)/g,
    )) {
      if (m[1]) cmap = cmaps.get(m[1]);
      else if (m[2] !== undefined) {
        text.push(
          cmap
            ? (m[2].match(/.{4}/g) ?? []).map((h) => cmap!.get(parseInt(h, 16)) ?? "\ufffd").join("")
            : m[2].replace(/(..)/g, (h) => winAnsi(parseInt(h, 16))),
        );
      } else if (m[3] !== undefined) text.push(m[3].replace(/\\(.)/g, "$1"));
      else if (m[4]) shapes.push(m[4]);
    }
    return { text, shapes, fonts };
  });
}

/** The text shown by Tj operators on all pages. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  return (await pdfPages(pdf)).flatMap((page) => page.text);
}

/** The embedded TrueType files (FontFile2) by BaseFont name, decoded. */
export async function pdfFontFiles(pdf: Uint8Array): Promise<Map<string, Uint8Array>> {
  const doc = await PDFDocument.load(pdf);
  const out = new Map<string, Uint8Array>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type"))?.toString() !== "/FontDescriptor") continue;
    const file = object.lookup(PDFName.of("FontFile2")) as PDFRawStream | undefined;
    const name = object.get(PDFName.of("FontName"))?.toString().slice(1);
    if (file && name) out.set(name, decodePDFRawStream(file).decode());
  }
  return out;
}
