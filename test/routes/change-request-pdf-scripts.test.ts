// getChangeRequestPDF beyond WinAnsi: fonts chosen by coverage (standard, DejaVu, Noto Sans SC read from the
// static assets) and tables drawn as grids. The Node-side pdftotext check is e2e/pdf-scripts.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { columnWidths } from "../../src/pdf/layout";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { workerFetch } from "../helpers/http";
import fontkit from "@pdf-lib/fontkit";
import { pdfFontFiles, pdfPages } from "../helpers/pdf-text";

const SENTENCES = {
  latin: "Crème brûlée à Łódź, Ærøskøbing og Straße.",
  greek: "Καλημέρα κόσμε, ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
  cyrillic: "Съешь же ещё этих мягких французских булок.",
  chinese: "我能吞下玻璃而不伤身体。",
  japanese: "日本語の文章も「そのまま」印刷されます。",
  korean: "다람쥐 헌 쳇바퀴에 타고파.",
};

async function pdfBytesOf(markdown: string) {
  const s = await seedSpace("Scripts");
  const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "Page", document: { markdown } },
  ]);
  const { data } = await s.api.spaces.getChangeRequestPdf(s.space.id, cr.id);
  const res = await workerFetch(String(data.url));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
const pdfOf = async (markdown: string) => pdfPages(await pdfBytesOf(markdown));

/** A page's text with the pieces of each line put together (pieces change at font changes). */
const joined = (text: string[]) => text.join("").replace(/\s+/g, " ");

describe("getChangeRequestPDF: every script", () => {
  it("prints accented Latin, Greek, Cyrillic, Chinese, Japanese and Korean as themselves, in subset fonts", async () => {
    const pages = await pdfOf(
      `${Object.values(SENTENCES).join("\n\n")}\n\n**Жирный** *курсив* \`код ΑΒΓ\`\n\nEmoji 🎉 end.\n`,
    );
    const text = joined(pages[0]!.text);
    for (const sentence of Object.values(SENTENCES)) expect(text).toContain(sentence);
    expect(text).toContain("Жирный");
    expect(text).toContain("курсив");
    expect(text).toContain("код ΑΒΓ");
    expect(text).toContain("Emoji ? end."); // no font has it
    const fonts = pages[0]!.fonts;
    for (const name of [
      "DejaVuSans",
      "DejaVuSans-Bold",
      "DejaVuSans-Oblique",
      "DejaVuSansMono",
      "NotoSansSC-Regular",
      "NotoSansKR-Regular",
    ]) {
      expect(fonts.some((f) => new RegExp(`^${name}-\\d+$`).test(f))).toBe(true); // pdf-lib names embedded fonts <name>-<n>
    }
  });

  it("embeds no font file for text the standard fonts print, and no CJK font without CJK text", async () => {
    const plain = await pdfOf("Plain text, café and naïve.\n");
    expect(joined(plain[0]!.text)).toContain("Plain text, café and naïve.");
    expect(plain[0]!.fonts.length).toBeGreaterThan(0);
    for (const font of plain[0]!.fonts)
      expect(["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Courier"]).toContain(font);
    const cyrillic = await pdfOf(`${SENTENCES.cyrillic}\n`);
    expect(cyrillic[0]!.fonts.some((f) => f.includes("DejaVuSans"))).toBe(true);
    expect(cyrillic[0]!.fonts.some((f) => f.includes("NotoSansSC"))).toBe(false);
  });

  it("embeds subset fonts whose glyph outlines are the original font's", async () => {
    const text = `${SENTENCES.chinese}${SENTENCES.japanese}`;
    const files = await pdfFontFiles(await pdfBytesOf(`${text}\n\n${SENTENCES.cyrillic}\n\n${SENTENCES.korean}\n`));
    const cases = [
      ["NotoSansSC-Regular", "NotoSansSC-Regular.ttf", text],
      ["DejaVuSans", "DejaVuSans.ttf", SENTENCES.cyrillic.replace(/[ ,.]/g, "")],
      ["NotoSansKR-Regular", "NotoSansKR-Regular.ttf", SENTENCES.korean.replace(/[ .]/g, "")],
    ] as const;
    for (const [name, asset, sample] of cases) {
      const entry = [...files].find(([font]) => new RegExp(`^${name}-\\d+$`).test(font));
      expect(entry).toBeDefined();
      const subset = fontkit.create(entry![1]);
      const outlines = new Set<string>();
      for (let id = 1; id < subset.numGlyphs; id++) outlines.add(subset.getGlyph(id).path.toSVG());
      const original = fontkit.create(
        new Uint8Array(await (await env.ASSETS.fetch(`https://assets.local/_quire/fonts/${asset}`)).arrayBuffer()),
      );
      for (const ch of new Set(sample)) {
        const outline = original.glyphsForString(ch)[0]!.path.toSVG();
        expect(outline).not.toBe("");
        expect(outlines.has(outline), `${name}: ${ch}`).toBe(true);
      }
    }
  });

  it("breaks CJK text between characters, not past the margin", async () => {
    const paragraph = "我能吞下玻璃而不伤身体".repeat(20); // 200 characters, no spaces
    const pages = await pdfOf(`${paragraph}\n`);
    const lines = pages[0]!.text.filter((t) => /[\u4e00-\u9fff]/.test(t));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.join("")).toBe(paragraph);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(44); // 483 pt at 11 pt a character
  });

  it("draws a table as a grid with a shaded header, wraps cells and repeats the header on each page", async () => {
    const long =
      "a cell long enough to wrap within its column because the other columns need room too, and then some more words";
    const rows = Array.from({ length: 90 }, (_, i) => `| row ${i} | ${i === 0 ? long : "short"} | Ясно ${i} |`).join(
      "\n",
    );
    const pages = await pdfOf(`| Name | Description | Статус |\n| :- | :-: | -: |\n${rows}\n`);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const first = pages[0]!;
    expect(first.text.slice(1, 4)).toEqual(["Name", "Description", "Статус"]);
    // Each cell is a closed rectangle: the 3 header cells filled and stroked (B), the body cells stroked (S).
    const closed = first.shapes.join(" ").match(/m l l l h (S|B)/g) ?? [];
    expect(closed.filter((ops) => ops.endsWith("B"))).toHaveLength(3);
    expect(closed.filter((ops) => ops.endsWith("S")).length).toBeGreaterThanOrEqual(3 * 20);
    // The long cell wraps onto several lines, none holding all of it.
    const pieces = first.text.filter((t) => long.includes(t.trim()) && t.trim().length > 3);
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(pieces.map((t) => t.trim()).join(" ")).toBe(long);
    // Page 2 starts with the header again, then continues the rows in order.
    const second = pages[1]!.text;
    expect(second.slice(0, 3)).toEqual(["Name", "Description", "Статус"]);
    const lastOnFirst = Math.max(
      ...first.text
        .map((t) => /^row (\d+)$/.exec(t)?.[1])
        .filter(Boolean)
        .map(Number),
    );
    expect(second[3]).toBe(`row ${lastOnFirst + 1}`);
    expect(pages.flatMap((p) => p.text)).toContain("row 89");
  });

  it("sizes columns to their content, sharing the width when they do not all fit", () => {
    expect(columnWidths([50, 150], 400, 18)).toEqual([100, 300]);
    const [narrow, wide1, wide2] = columnWidths([40, 600, 300], 480, 18);
    expect(narrow).toBe(40);
    expect(wide1! + wide2! + narrow!).toBeCloseTo(480);
    expect(wide1! / wide2!).toBeCloseTo(2);
  });
});
