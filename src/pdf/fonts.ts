/**
 * Fonts for the PDF renderer, chosen per word by coverage. Text the standard PDF fonts can encode (WinAnsi:
 * ASCII and Western European accents) uses them and needs no font file. Other Latin, Greek and Cyrillic text
 * uses DejaVu Sans (per style), Chinese and Japanese use Noto Sans SC, Hangul Noto Sans KR. Those are TrueType
 * files of the quire-static Worker (wrangler.static.toml, scripts/build-assets.mjs), fetched only when a
 * document's text needs them, kept per isolate, and embedded as subsets holding only the glyphs drawn. A
 * character no font has prints as "?".
 */
import fontkit, { type Font } from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { fontFaces } from "../lib/isolate-caches";

export type RunStyle = "normal" | "bold" | "italic" | "code";

/**
 * Reads a font file by its path under the static files' `_quire/` (undefined when it is absent). A loader that
 * throws (the files' store is unreachable) fails the document: no PDF beats one with "?" for a script's text.
 */
export type FontLoader = (path: string) => Promise<Uint8Array | undefined>;

const STANDARD: Record<RunStyle, StandardFonts> = {
  normal: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  code: StandardFonts.Courier,
};
const EXTENDED: Record<RunStyle, string> = {
  normal: "fonts/DejaVuSans.ttf",
  bold: "fonts/DejaVuSans-Bold.ttf",
  italic: "fonts/DejaVuSans-Oblique.ttf",
  code: "fonts/DejaVuSansMono.ttf",
};
/** One CJK face for every style: a second weight would double the largest files a document may load. */
const CJK = "fonts/NotoSansSC-Regular.ttf";
const HANGUL = "fonts/NotoSansKR-Regular.ttf";
/** Hangul syllables and jamo: Korean breaks lines at spaces, so these are not in CJK_RANGES. */
const HANGUL_CHAR = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/u;

/** Han, kana, bopomofo, CJK symbols and punctuation, full-width forms, and the supplementary ideograph planes. */
export const CJK_RANGES =
  "\\u2e80-\\u2fdf\\u3000-\\u30ff\\u3100-\\u312f\\u3190-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef\\u{20000}-\\u{3134f}";
const CJK_CHAR = new RegExp(`[${CJK_RANGES}]`, "u");

/**
 * fontkit with one fix for its TrueType subsetter (@pdf-lib/fontkit 1.1.1): it copies glyph records unpadded
 * and then writes a short `loca` (offsets halved) whenever the subset is small, so a glyph after one of odd
 * length points into the middle of another. Fonts that pad their glyphs (DejaVu) are unaffected; Noto Sans SC
 * from Google Fonts is not padded and lost most CJK glyphs. Each copied record is padded to an even length.
 */
type SubsetInternals = { glyf: Uint8Array[]; offset: number; _addGlyph: (gid: number) => number };
const evenFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as unknown as SubsetInternals;
      const addGlyph = subset._addGlyph;
      subset._addGlyph = function (gid: number) {
        const index = addGlyph.call(this, gid);
        const record = this.glyf[index]!;
        if (record.length % 2 === 1) {
          // fontkit's encoder wants its own Buffer class, the record's constructor.
          const Buffer = record.constructor as unknown as { alloc(size: number): Uint8Array };
          const padded = Buffer.alloc(record.length + 1);
          padded.set(record);
          this.glyf[index] = padded;
          this.offset += 1;
        }
        return index;
      };
      return subset as never;
    };
    return font;
  },
};

interface Face {
  bytes: Uint8Array;
  /** The parsed font, for coverage checks (pdf-lib parses its own copy to embed). */
  font: Font;
}

/** Parsed font files by asset path, shared by every document this isolate renders. */
const faces = fontFaces.store as Map<string, Promise<Face | null>>;

function face(path: string, load: FontLoader): Promise<Face | null> {
  let found = faces.get(path);
  if (!found) {
    found = load(path).then((bytes) => {
      if (!bytes) return null;
      try {
        return { bytes, font: fontkit.create(bytes) };
      } catch {
        return null; // not a font: its characters print as "?"
      }
    });
    faces.set(path, found);
    // A missing, unreadable or unreachable file is asked for again by the next document, not remembered.
    void found.then(
      (f) => f ?? faces.delete(path),
      () => faces.delete(path),
    );
  }
  return found;
}

/** Forgets the fonts this isolate has parsed (tests that need a font read again). */
export function forgetFonts(): void {
  faces.clear();
}

interface Choice {
  pdf: PDFFont;
  has: (code: number) => boolean;
}

export interface Segment {
  text: string;
  font: PDFFont;
}

/** The fonts of one document: standard fonts embedded up front, font files embedded on first need. */
export class FontSet {
  private readonly standard = {} as Record<RunStyle, Choice>;
  private readonly embedded = new Map<string, Choice>();
  private readonly pending = new Map<string, Promise<void>>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly load: FontLoader,
  ) {}

  static async create(doc: PDFDocument, load: FontLoader): Promise<FontSet> {
    doc.registerFontkit(evenFontkit);
    const set = new FontSet(doc, load);
    for (const style of Object.keys(STANDARD) as RunStyle[]) {
      const pdf = await doc.embedFont(STANDARD[style]);
      const charset = new Set(pdf.getCharacterSet());
      set.standard[style] = { pdf, has: (code) => code === 32 || charset.has(code) };
    }
    return set;
  }

  /** Embeds the font files `text` in `style` needs: DejaVu for what WinAnsi lacks, Noto Sans SC/KR for CJK. */
  async prepare(text: string, style: RunStyle): Promise<void> {
    const standard = this.standard[style];
    let extended = false;
    let cjk = false;
    let hangul = false;
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      if (code < 32 || standard.has(code)) continue;
      if (CJK_CHAR.test(ch)) cjk = true;
      else if (HANGUL_CHAR.test(ch)) hangul = true;
      else extended = true;
    }
    if (extended) await this.embed(EXTENDED[style]);
    if (cjk) await this.embed(CJK);
    if (hangul) await this.embed(HANGUL);
  }

  private embed(path: string): Promise<void> {
    let pending = this.pending.get(path);
    if (!pending) {
      pending = face(path, this.load).then(async (found) => {
        if (!found) return;
        try {
          const pdf = await this.doc.embedFont(found.bytes, { subset: true });
          this.embedded.set(path, { pdf, has: (code) => found.font.hasGlyphForCodePoint(code) });
        } catch {
          // a font pdf-lib cannot embed is left out, like a missing one
        }
      });
      this.pending.set(path, pending);
    }
    return pending;
  }

  /** The standard font of a style (spaces, markers, and "?" for characters no font has). */
  base(style: RunStyle): PDFFont {
    return this.standard[style].pdf;
  }

  private chain(style: RunStyle): Choice[] {
    const out = [this.standard[style]];
    for (const path of [EXTENDED[style], CJK, HANGUL]) {
      const choice = this.embedded.get(path);
      if (choice) out.push(choice);
    }
    return out;
  }

  /**
   * `word` (no spaces) as runs of one font each: the first font that has every character, so a word keeps one
   * typeface, else font by font per character. Control characters are dropped; unknown ones become "?".
   */
  segments(word: string, style: RunStyle): Segment[] {
    const chain = this.chain(style);
    const chars = [...word].filter((ch) => ch.codePointAt(0)! >= 32);
    const whole = chain.find((choice) => chars.every((ch) => choice.has(ch.codePointAt(0)!)));
    if (whole) return chars.length ? [{ text: chars.join(""), font: whole.pdf }] : [];
    const out: Segment[] = [];
    for (const ch of chars) {
      const choice = chain.find((c) => c.has(ch.codePointAt(0)!));
      const font = choice?.pdf ?? this.standard[style].pdf;
      const text = choice ? ch : "?";
      const last = out.at(-1);
      if (last?.font === font) last.text += text;
      else out.push({ text, font });
    }
    return out;
  }
}
