/**
 * A tiny PDF text extractor for tests: inflates every FlateDecode stream and collects the strings shown by
 * `Tj` operators (hex `<…>` as pdf-lib writes them for standard fonts, and literal `(…)`), one entry per
 * operator, in drawing order. Enough to check what Quire's renderer wrote; not a general PDF parser.
 */
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
const WIN_ANSI: Record<number, string> = { 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—" };
const winAnsi = (code: number) => WIN_ANSI[code] ?? String.fromCharCode(code);

/** The text shown by Tj operators across all content streams. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const shown: string[] = [];
  for (const stream of await pdfStreams(pdf)) {
    for (const m of stream.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (m[1] !== undefined) shown.push(m[1].replace(/(..)/g, (h) => winAnsi(parseInt(h, 16))));
      else shown.push(m[2]!.replace(/\\(.)/g, "$1"));
    }
  }
  return shown;
}
