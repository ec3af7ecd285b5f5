import { describe, expect, it } from "vitest";
import { glossaryMatcher, translateItems, type TranslateTexts } from "../../src/content/translation";
import { pseudoTranslator } from "../../src/services/translations/translator";

const pseudo: TranslateTexts = (texts) => pseudoTranslator.translate(texts, "en", "fr");

/** Translates one body with the stand-in, returning the body and every text the translator was sent. */
async function body(markdown: string, translate: TranslateTexts = pseudo, terms = glossaryMatcher([])) {
  const sent: string[] = [];
  const [out] = await translateItems([{ key: "p", title: "T", body: markdown }], terms, async (texts) => {
    sent.push(...texts);
    return translate(texts);
  });
  return { markdown: out!.body!, sent: sent.filter((t) => t !== "T"), words: out!.words };
}

describe("markdown-aware translation", () => {
  it("translates prose and leaves code, inline code, URLs, link targets and file references byte for byte", async () => {
    const source = [
      "# Getting started",
      "",
      'Install the `quire` CLI from [the docs](https://example.com/docs?x=1 "Docs") and see ![logo](/files/abc123).',
      "",
      "```js",
      "const greeting = 'Hello world';",
      "```",
      "",
      "    indented code stays",
      "",
      "Visit https://quire.example/path or <https://auto.example>.",
      "",
      "[ref]: https://ref.example/target",
      "",
    ].join("\n");
    const { markdown, sent } = await body(source);
    expect(markdown).toBe(
      [
        "# \\[fr\\] Géttîng stàrtéd",
        "",
        '\\[fr\\] Înstàll thé `quire` CLÎ frôm [thé dôcs](https://example.com/docs?x=1 "Docs") ànd séé ![logo](/files/abc123).',
        "",
        "```js",
        "const greeting = 'Hello world';",
        "```",
        "",
        "    indented code stays",
        "",
        "\\[fr\\] Vîsît https://quire.example/path ôr <https://auto.example>.",
        "",
        "[ref]: https://ref.example/target",
        "",
      ].join("\n"),
    );
    for (const text of sent) {
      expect(text).not.toMatch(/quire`|https?:|\/files\/|Hello world|indented code/);
    }
    expect(sent).toContain("Install the <x1/> CLI from <a1>the docs</a1> and see <x2/>.");
  });

  it("translates list items, quotes, hints and table cells, keeping the structure", async () => {
    const source = [
      "- First item",
      "- [ ] Task **bold** item",
      "  1. Nested",
      "",
      "> Quoted line one",
      "> line two",
      "",
      '{% hint style="info" %}',
      "A hint.",
      "{% endhint %}",
      "",
      "| Name | Value |",
      "| :--- | ----: |",
      "| Size | `10` |",
      "",
    ].join("\n");
    const { markdown } = await body(source);
    expect(markdown).toBe(
      [
        "- \\[fr\\] Fîrst îtém",
        "- [ ] \\[fr\\] Tàsk **bôld** îtém",
        "  1. \\[fr\\] Néstéd",
        "",
        "> \\[fr\\] Qüôtéd lîné ôné lîné twô",
        "",
        '{% hint style="info" %}',
        "\\[fr\\] À hînt.",
        "{% endhint %}",
        "",
        "| \\[fr\\] Nàmé | \\[fr\\] Vàlüé |",
        "| :--- | ----: |",
        "| \\[fr\\] Sîzé | `10` |",
        "",
      ].join("\n"),
    );
  });

  it("leaves the frontmatter as it is", async () => {
    const { markdown } = await body("---\ntitle: Hello\ndescription: Keep\n---\n\nBody text.\n");
    expect(markdown).toBe("---\ntitle: Hello\ndescription: Keep\n---\n\n\\[fr\\] Bôdy téxt.\n");
  });

  it("falls back to pieces, without placeholders, when the translator loses them", async () => {
    const lossy: TranslateTexts = async (texts) => texts.map((t) => t.replace(/<[^>]+>/g, "").toUpperCase());
    const { markdown, sent } = await body("Run `npm test` in [the folder](./x) now.\n", lossy);
    expect(sent).toEqual(["Run <x1/> in <a1>the folder</a1> now.", "Run", "in", "the folder", "now."]);
    expect(markdown).toBe("RUN `npm test` IN [THE FOLDER](./x) NOW.\n");
  });

  it("escapes translated text so that it cannot become markup, and keeps hard breaks with their indentation", async () => {
    const odd: TranslateTexts = async (texts) =>
      texts.map((t) => (t.includes("<x1/>") ? "# 1. a*b_c | <x1/> [d] `e` <f>" : `- ${t}`));
    const { markdown } = await body("1. line\\\n   next line\n\n| A |\n|---|\n| cell |\n", odd);
    expect(markdown).toBe("1. \\# 1. a\\*b\\_c \\| \\\n   \\[d\\] \\`e\\` \\<f\\>\n\n| \\- A |\n|---|\n| \\- cell |\n");
  });

  it("applies glossary terms as whole words, case-insensitively, and never sends them", async () => {
    const terms = glossaryMatcher([
      { source: "space", target: "espace" },
      { source: "change request", target: "demande de modification" },
    ]);
    const { markdown, sent } = await body("Open a Change Request in your SPACE, not a spaceship.\n", pseudo, terms);
    expect(sent).toEqual(["Open a <x1/> in your <x2/>, not a spaceship."]);
    expect(markdown).toBe("\\[fr\\] Ôpén à demande de modification în yôür espace, nôt à spàcéshîp.\n");
  });

  it("counts the words it sends", async () => {
    const { words } = await body("One two three.\n\n```\nnot counted\n```\n");
    expect(words).toBe(4); // the title "T" and three words
  });
});

describe("translators", () => {
  it("calls Workers AI once per text with the model's language codes", async () => {
    const { workersAiTranslator, translatorFor, pseudoTranslator } = await import(
      "../../src/services/translations/translator"
    );
    const calls: unknown[] = [];
    const ai = {
      run: async (model: string, input: { text: string }) => {
        calls.push([model, input]);
        return { translated_text: `<${input.text}>` };
      },
    } as unknown as Ai;
    expect(translatorFor({}).name).toBe("pseudo");
    expect(translatorFor({ AI: ai, TRANSLATION_MODEL: "@cf/other" }).name).toBe("workers-ai:@cf/other");
    const out = await workersAiTranslator(ai, "@cf/meta/m2m100-1.2b").translate(["a", "b"], "en", "pt-br");
    expect(out).toEqual(["<a>", "<b>"]);
    expect(calls).toEqual([
      ["@cf/meta/m2m100-1.2b", { text: "a", source_lang: "en", target_lang: "pt" }],
      ["@cf/meta/m2m100-1.2b", { text: "b", source_lang: "en", target_lang: "pt" }],
    ]);
    const broken = { run: async () => ({}) } as unknown as Ai;
    await expect(workersAiTranslator(broken, "m").translate(["a"], "en", "fr")).rejects.toThrow(/translated_text/);
    expect(await pseudoTranslator.translate(["Hello <a1>world</a1>"], "en", "de")).toEqual([
      "[de] Héllô <a1>wôrld</a1>",
    ]);
  });
});
