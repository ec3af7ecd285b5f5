/**
 * Line breaking for the PDF renderer: styled runs → lines of measured pieces no wider than a width. Breaks at
 * spaces, and between CJK characters (which have none), keeping closing punctuation off the start of a line
 * and opening punctuation off its end; a word longer than a line is cut between characters. Widths come from
 * the font each piece is drawn in.
 */
import type { PDFFont } from "pdf-lib";
import { CJK_RANGES, type FontSet, type RunStyle } from "./fonts";

export interface Run {
  text: string;
  style?: RunStyle;
}

export interface Piece {
  text: string;
  font: PDFFont;
  w: number;
}
export type Line = Piece[];

const OPENING = "（「『【〔〈《〖｛［“‘";
const CLOSING = "、。，．：；？！）」』】〕〉》〗｝］・ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ”’";
/** A newline, a run of spaces, one CJK character with its attached punctuation, or a word of anything else. */
const TOKEN = new RegExp(`\\n| +|[${OPENING}]*[${CJK_RANGES}][${CLOSING}]*|[^ \\n${CJK_RANGES}]+`, "gu");

export function wrap(fonts: FontSet, runs: Run[], size: number, width: number): Line[] {
  width += 0.001; // a width measured from this text (table columns) must hold it despite rounding
  const lines: Line[] = [[]];
  let lineWidth = 0;
  const push = (piece: Piece) => {
    const line = lines.at(-1)!;
    const last = line.at(-1);
    // One drawn string per font change, so text extractors see words and CJK sentences whole.
    if (last?.font === piece.font) {
      last.text += piece.text;
      last.w += piece.w;
    } else line.push({ ...piece });
    lineWidth += piece.w;
  };
  const breakLine = () => {
    const line = lines.at(-1)!;
    const last = line.at(-1);
    if (last && / $/.test(last.text)) {
      last.text = last.text.replace(/ +$/, "");
      last.w = last.font.widthOfTextAtSize(last.text, size);
      if (!last.text) line.pop();
    }
    lines.push([]);
    lineWidth = 0;
  };

  for (const run of runs) {
    const style = run.style ?? "normal";
    for (const token of run.text.replace(/\t/g, "    ").match(TOKEN) ?? []) {
      if (token === "\n") {
        breakLine();
        continue;
      }
      if (token[0] === " ") {
        // In the font of the word before it (every font used has a space), so a sentence is drawn as one string.
        const font = lines.at(-1)!.at(-1)?.font ?? fonts.base(style);
        if (lineWidth > 0) push({ text: " ", font, w: font.widthOfTextAtSize(" ", size) });
        continue;
      }
      const pieces = fonts.segments(token, style).map((s) => ({ ...s, w: s.font.widthOfTextAtSize(s.text, size) }));
      const w = pieces.reduce((sum, p) => sum + p.w, 0);
      if (lineWidth + w > width && lineWidth > 0) breakLine();
      if (w <= width) {
        for (const piece of pieces) push(piece);
        continue;
      }
      // Longer than a line: cut between characters.
      for (const piece of pieces) {
        for (const ch of piece.text) {
          const cw = piece.font.widthOfTextAtSize(ch, size);
          if (lineWidth + cw > width && lineWidth > 0) breakLine();
          push({ text: ch, font: piece.font, w: cw });
        }
      }
    }
  }
  return lines;
}

/** The width of the widest line. */
export const widest = (lines: Line[]) => Math.max(0, ...lines.map((line) => line.reduce((sum, p) => sum + p.w, 0)));
