import { describe, expect, it } from "vitest";
import {
  documentToMarkdown,
  headingSections,
  type JSONDocument,
  markdownToDocument,
  parsePageMarkdown,
  slugify,
  uniqueSlug,
} from "../../src/content/markdown";
import { ApiError } from "../../src/lib/errors";

const doc = (md: string) => markdownToDocument(md);
const blocks = (md: string) => doc(md).nodes;
const first = (md: string) => blocks(md)[0]! as any;
const leaf = (text: string, ...marks: string[]) => ({
  object: "leaf",
  text,
  marks: marks.map((type) => ({ object: "mark", type })),
});
const leavesOf = (md: string) => first(md).nodes.flatMap((n: any) => (n.object === "text" ? n.leaves : []));
const roundTrip = (md: string) => {
  const a = doc(md);
  const b = doc(documentToMarkdown(a));
  expect(b).toEqual(a);
  return a;
};

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return error as ApiError;
  }
  throw new Error("expected a 400 ApiError");
}

describe("parsePageMarkdown", () => {
  it("reads frontmatter metadata and strips it from the stored body", () => {
    const md =
      '---\ntitle: Getting started\ndescription: How to begin\nemoji: "🚀"\nicon: gear\nhidden: true\nnoIndex: false\nnoRobotsIndex: true\nslug: start\nunknown: ignored\n---\n\n# Heading\n\nBody.\n';
    const page = parsePageMarkdown(md);
    expect(page.meta).toEqual({
      title: "Getting started",
      description: "How to begin",
      emoji: "🚀",
      icon: "gear",
      hidden: true,
      noIndex: false,
      noRobotsIndex: true,
      slug: "start",
    });
    expect(page.title).toBe("Getting started");
    expect(page.body).toBe("# Heading\n\nBody.\n");
  });

  it("takes the title from frontmatter over the leading heading, else from the heading", () => {
    expect(parsePageMarkdown("---\ntitle: Front\n---\n# Heading\n").title).toBe("Front");
    expect(parsePageMarkdown("# The *heading* title\n\nText").title).toBe("The heading title");
    expect(parsePageMarkdown("\n\nSetext title\n===\n\nText").title).toBe("Setext title");
    expect(parsePageMarkdown("---\ndescription: d\n---\n# From heading\n").title).toBe("From heading");
    expect(parsePageMarkdown('---\ntitle: "  "\n---\n# From heading\n').title).toBe("From heading");
  });

  it("has no title without frontmatter title or leading level-1 heading", () => {
    expect(parsePageMarkdown("Intro\n\n# Later heading").title).toBeUndefined();
    expect(parsePageMarkdown("## Second level\n").title).toBeUndefined();
    expect(parsePageMarkdown("").title).toBeUndefined();
    expect(parsePageMarkdown("").body).toBe("");
  });

  it("keeps a body without frontmatter byte for byte", () => {
    const md = "# T\r\n\r\n* a\n* b\n\n<div>raw</div>\n";
    expect(parsePageMarkdown(md).body).toBe(md);
    expect(parsePageMarkdown("---\nnot closed\n\ntext").body).toBe("---\nnot closed\n\ntext");
  });

  it("reads Git Sync layout forms, presets, cover and coerces numeric titles", () => {
    const md =
      "---\ntitle: 2024\nlayout:\n  width: wide\n  cover:\n    visible: true\n    size: hero\n  title:\n    visible: false\n  outline: true\ncover: /files/abc\ncoverY: 12\n---\n";
    expect(parsePageMarkdown(md).meta).toEqual({
      title: "2024",
      layout: { width: "wide", coverSize: "hero", cover: true, title: false, outline: true },
      cover: "/files/abc",
      coverY: 12,
    });
    expect(parsePageMarkdown("---\nlayout: landing\n---\n").meta).toEqual({ layout: "landing" });
    expect(parsePageMarkdown("---\n---\n# X").meta).toEqual({});
  });

  it("refuses malformed or wrongly typed frontmatter with a 400", () => {
    expect(apiError(() => parsePageMarkdown("---\ntitle: [unclosed\n---\n")).message).toMatch(/^Invalid frontmatter/);
    expect(apiError(() => parsePageMarkdown("---\n- a\n- b\n---\n")).message).toMatch(/mapping/);
    expect(apiError(() => parsePageMarkdown("---\njust a string\n---\n")).message).toMatch(/mapping/);
    expect(apiError(() => parsePageMarkdown("---\nhidden: yes\n---\n")).message).toBe(
      "frontmatter.hidden: must be true or false",
    );
    expect(apiError(() => parsePageMarkdown("---\ntitle: {a: 1}\n---\n")).message).toBe(
      "frontmatter.title: must be a string",
    );
    expect(apiError(() => parsePageMarkdown("---\nlayout: huge\n---\n")).message).toMatch(/frontmatter.layout/);
    expect(apiError(() => parsePageMarkdown("---\nlayout:\n  width: enormous\n---\n")).message).toMatch(/layout.width/);
    expect(apiError(() => parsePageMarkdown(`---\nemoji: ${"x".repeat(51)}\n---\n`)).message).toMatch(/emoji/);
    expect(apiError(() => parsePageMarkdown("---\ncoverY: high\n---\n")).message).toMatch(/coverY/);
    const laughs =
      "---\na: &a [x, x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n---\n";
    expect(apiError(() => parsePageMarkdown(laughs)).message).toMatch(/^Invalid frontmatter: .*alias/i);
  });
});

describe("markdownToDocument: blocks", () => {
  it("wraps blocks in a versioned document", () => {
    const d = doc("Hello");
    expect(d).toMatchObject({ object: "document", data: { schemaVersion: expect.any(Number) } });
    expect(d.nodes).toHaveLength(1);
    expect(doc("").nodes).toEqual([]);
    expect(doc("---\ntitle: x\n---\n").nodes).toEqual([]);
  });

  it("converts headings, mapping levels past 3 to heading-3, with anchors", () => {
    const nodes = blocks("# One\n## Two\n### Three\n#### Four\n###### Six\n# One");
    expect(nodes.map((n) => n.type)).toEqual([
      "heading-1",
      "heading-2",
      "heading-3",
      "heading-3",
      "heading-3",
      "heading-1",
    ]);
    expect(nodes.map((n) => n.meta?.id)).toEqual(["one", "two", "three", "four", "six", "one-2"]);
    expect(nodes[0]).toMatchObject({ object: "block", data: {}, nodes: [{ object: "text", leaves: [leaf("One")] }] });
  });

  it("converts paragraphs with bold, italic, code and strikethrough marks", () => {
    expect(leavesOf("plain **bold** _it_ `co*de*` ~~del~~ ***both***")).toEqual([
      leaf("plain "),
      leaf("bold", "bold"),
      leaf(" "),
      leaf("it", "italic"),
      leaf(" "),
      leaf("co*de*", "code"),
      leaf(" "),
      leaf("del", "strikethrough"),
      leaf(" "),
      leaf("both", "bold", "italic"),
    ]);
    expect(leavesOf("**`x`**")).toEqual([leaf("x", "bold", "code")]);
    expect(leavesOf("a  \nb\nc")).toEqual([leaf("a\nb\nc")]);
  });

  it("converts links to page, file, anchor and URL refs", () => {
    const links = first(
      "[p](/pages/abc) [pa](/pages/abc#sec) [f](/files/f1) [a](#here) [u](https://x.io/a?b) [r](./other.md) [d][ref]\n\n[ref]: https://def.example",
    ).nodes.filter((n: any) => n.type === "link");
    expect(links.map((l: any) => l.data.ref)).toEqual([
      { kind: "page", page: "abc" },
      { kind: "anchor", page: "abc", anchor: "sec" },
      { kind: "file", file: "f1" },
      { kind: "anchor", anchor: "here" },
      { kind: "url", url: "https://x.io/a?b" },
      { kind: "url", url: "./other.md" },
      { kind: "url", url: "https://def.example" },
    ]);
    expect(links[0]).toMatchObject({
      object: "inline",
      type: "link",
      isVoid: false,
      nodes: [{ object: "text", leaves: [leaf("p")] }],
    });
    expect(first("[**b**](https://x)").nodes[0].nodes[0].leaves).toEqual([leaf("b", "bold")]);
    expect(first("[unresolved] ref").nodes).toEqual([{ object: "text", leaves: [leaf("[unresolved] ref")] }]);
  });

  it("turns a paragraph of images into an images block, and keeps inline images inline", () => {
    expect(first('![Alt](/files/img1 "Caption") ![](https://x/y.png)')).toMatchObject({
      type: "images",
      nodes: [
        {
          object: "block",
          type: "image",
          isVoid: true,
          data: { ref: { kind: "file", file: "img1" }, alt: "Alt" },
          fragments: [{ object: "fragment", fragment: "caption", nodes: [{ type: "paragraph" }] }],
        },
        { type: "image", data: { ref: { kind: "url", url: "https://x/y.png" } }, fragments: [] },
      ],
    });
    const inline = first("See ![icon](/files/i2) here").nodes[1];
    expect(inline).toMatchObject({
      object: "inline",
      type: "inline-image",
      isVoid: true,
      data: { ref: { kind: "file", file: "i2" }, caption: "icon" },
    });
  });

  it("converts unordered, ordered (with start) and task lists with nested items", () => {
    expect(first("- a\n- b\n  - c")).toMatchObject({
      type: "list-unordered",
      nodes: [
        { type: "list-item", nodes: [{ type: "paragraph" }] },
        {
          type: "list-item",
          nodes: [{ type: "paragraph" }, { type: "list-unordered", nodes: [{ type: "list-item" }] }],
        },
      ],
    });
    expect(first("1. a\n2. b")).toMatchObject({ type: "list-ordered", data: {} });
    expect(first("3. a\n4. b")).toMatchObject({ type: "list-ordered", data: { start: 3 } });
    expect(first("- [ ] todo\n- [x] done")).toMatchObject({
      type: "list-tasks",
      nodes: [
        { type: "list-item", data: { checked: false } },
        { type: "list-item", data: { checked: true } },
      ],
    });
  });

  it("converts code blocks to code lines with syntax", () => {
    expect(first("```ts\nconst a = 1;\n\nfoo();\n```")).toMatchObject({
      type: "code",
      data: { syntax: "ts" },
      nodes: [
        { type: "code-line", nodes: [{ leaves: [leaf("const a = 1;")] }] },
        { type: "code-line", nodes: [{ leaves: [leaf("")] }] },
        { type: "code-line", nodes: [{ leaves: [leaf("foo();")] }] },
      ],
    });
    expect(first("    indented\n").data).toEqual({});
  });

  it("converts blockquotes, nested quotes and thematic breaks", () => {
    expect(first("> a\n>\n> > b")).toMatchObject({
      type: "blockquote",
      nodes: [{ type: "paragraph" }, { type: "blockquote", nodes: [{ type: "paragraph" }] }],
    });
    expect(first("***")).toEqual({ object: "block", type: "divider", data: {}, isVoid: true, key: expect.any(String) });
  });

  it("converts GitBook hints, tight or spaced, and unknown styles to info", () => {
    const tight = first('{% hint style="warning" %}\nBe **careful**\n{% endhint %}');
    expect(tight).toMatchObject({ type: "hint", data: { style: "warning" }, nodes: [{ type: "paragraph" }] });
    expect(tight.nodes[0].nodes[0].leaves).toEqual([leaf("Be "), leaf("careful", "bold")]);
    expect(first('{% hint style="danger" %}\n\n- x\n\n{% endhint %}')).toMatchObject({
      type: "hint",
      data: { style: "danger" },
      nodes: [{ type: "list-unordered" }],
    });
    expect(first('{% hint style="purple" %}\nx\n{% endhint %}').data).toEqual({ style: "info" });
    expect(first('{% hint style="info" %}\nunclosed').type).toBe("paragraph");
    expect(first('```\n{% hint style="info" %}\n```').type).toBe("code");
  });

  it("converts GitHub alerts to hints", () => {
    const styles = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"].map((a) => first(`> [!${a}]\n> Text`));
    expect(styles.map((h) => h.data.style)).toEqual(["info", "success", "info", "warning", "danger"]);
    expect(styles[0].nodes[0].nodes[0].leaves).toEqual([leaf("Text")]);
    expect(first("> [!NOTE]\n\n> plain").type).toBe("hint");
    expect(first("> [!NOPE]\n> x").type).toBe("blockquote");
  });

  it("converts GFM tables to the reference's table block", () => {
    const table = first("| Name | *Age* |\n|:-----|----:|\n| Ann | **3** |\n| Bob |\n");
    expect(table).toMatchObject({ object: "block", type: "table", isVoid: true });
    const { view, records, definition } = table.data;
    expect(view).toEqual({ type: "grid", columns: ["c0", "c1"], hideHeader: false });
    expect(definition).toEqual({
      c0: { id: "c0", title: "Name", type: "text", textAlignment: "left" },
      c1: { id: "c1", title: "Age", type: "text", textAlignment: "right" },
    });
    expect(Object.keys(records)).toEqual(["r0", "r1"]);
    expect(records.r0.values).toEqual({ c0: "r0c0", c1: "r0c1" });
    expect(records.r0.orderIndex < records.r1.orderIndex).toBe(true);
    const cell = table.fragments.find((f: any) => f.fragment === "r0c1");
    expect(cell).toMatchObject({
      object: "fragment",
      nodes: [{ type: "paragraph", nodes: [{ leaves: [leaf("3", "bold")] }] }],
    });
    expect(table.fragments.find((f: any) => f.fragment === "r1c1").nodes[0].nodes[0].leaves).toEqual([leaf("")]);
  });

  it("degrades unsupported content to paragraphs of its text", () => {
    expect(first("<div>\nraw html\n</div>")).toMatchObject({
      type: "paragraph",
      nodes: [{ leaves: [leaf("<div>\nraw html\n</div>")] }],
    });
    expect(blocks("Text[^1]\n\n[^1]: The note").map((b) => b.type)).toEqual(["paragraph", "paragraph"]);
    expect(
      first("inline <b>html</b>")
        .nodes[0].leaves.map((l: any) => l.text)
        .join(""),
    ).toBe("inline <b>html</b>");
    // Containers only hold what the reference allows: code inside a quote becomes text, a hint in a hint is spliced.
    expect(first("> ```\n> code\n> ```").nodes[0]).toMatchObject({
      type: "paragraph",
      nodes: [{ leaves: [leaf("code")] }],
    });
    expect(first("> [!NOTE]\n> > inner").nodes[0].type).toBe("paragraph");
  });
});

describe("markdownToDocument: keys", () => {
  const keys = (d: JSONDocument) => {
    const out: string[] = [];
    const walk = (n: any) => {
      if (n.key) out.push(n.key);
      for (const c of n.nodes ?? []) walk(c);
      for (const f of n.fragments ?? []) walk(f);
    };
    d.nodes.forEach(walk);
    return out;
  };
  const sample = "# A\n\nPara [l](#a)\n\n- x\n- x\n\n| a |\n|---|\n| b |\n\n```\nx\n```\n\nPara [l](#a)\n";

  it("are deterministic, unique, and on every block, inline and fragment", () => {
    const a = doc(sample);
    expect(doc(sample)).toEqual(a);
    const all = keys(a);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(14);
    for (const block of a.nodes) expect(block.key).toMatch(/^[0-9a-z-]+$/);
  });

  it("stay the same for unchanged blocks when another block is inserted", () => {
    const before = doc("# A\n\nOne\n\nTwo");
    const after = doc("# A\n\nNew\n\nOne\n\nTwo");
    expect(after.nodes[2]!.key).toBe(before.nodes[1]!.key);
    expect(after.nodes[3]!.key).toBe(before.nodes[2]!.key);
    expect(new Set(keys(after)).size).toBe(keys(after).length);
  });
});

describe("documentToMarkdown", () => {
  it("round-trips every supported block and mark", () => {
    const d = roundTrip(
      [
        "# Title",
        "## Sub *section*",
        "### Third",
        "Text **bold** _it_ `code` ~~s~~ ***bi*** **`bc`** [p](/pages/abc) [a](/pages/abc#x) [f](/files/f) [h](#h) [u](https://u.io/?a=1&b=2) ![ii](/files/i)",
        "Soft\nbreak and trailing  ",
        '![Alt](/files/img "Cap")',
        "- a\n- b\n  - c",
        "5. five\n6. six",
        "- [ ] t\n- [x] u",
        "```python\ndef f():\n\n    return 1\n```",
        "> q\n>\n> > qq",
        "---",
        '{% hint style="success" %}\nDone **well**\n\n- item\n{% endhint %}',
        "> [!WARNING]\n> Careful",
        "| L | C | R |\n|:--|:-:|--:|\n| 1 | `2` | [3](/pages/p) |\n| a \\| b | | x |",
        "Special chars: * _ # < > [brackets] \\ `tick` | pipe 1. not a list",
        '- list\n\n  ```js\n  code();\n  ```\n\n  {% hint style="info" %}\n  in list\n  {% endhint %}',
      ].join("\n\n"),
    );
    expect(d.nodes.map((n) => n.type)).toEqual([
      "heading-1",
      "heading-2",
      "heading-3",
      "paragraph",
      "paragraph",
      "images",
      "list-unordered",
      "list-ordered",
      "list-tasks",
      "code",
      "blockquote",
      "divider",
      "hint",
      "hint",
      "table",
      "paragraph",
      "list-unordered",
    ]);
  });

  it("round-trips hostile text that looks like markdown syntax", () => {
    for (const text of [
      "# not heading",
      "1. not list",
      "- not list",
      "> not quote",
      "`not code`",
      "**not bold**",
      "[not](link)",
      "---",
      "| a |",
      "{% endhint %}",
      "<b>x</b>",
      "&amp;",
      "  spaced  ",
    ]) {
      const d: JSONDocument = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: `x ${text}`, marks: [] }] }],
          },
        ],
      };
      const back = doc(documentToMarkdown(d));
      expect(back.nodes).toHaveLength(1);
      expect(back.nodes[0]!.type).toBe("paragraph");
    }
  });

  it("writes hints as GitBook tags and accepts hand-written JSON without keys", () => {
    const d: JSONDocument = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "hint",
          data: { style: "danger" },
          nodes: [
            {
              object: "block",
              type: "paragraph",
              nodes: [
                {
                  object: "text",
                  leaves: [{ object: "leaf", text: "Stop", marks: [{ object: "mark", type: "bold" }] }],
                },
              ],
            },
          ],
        },
        {
          object: "block",
          type: "heading-2",
          data: {},
          nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Two\nlines", marks: [] }] }],
        },
        {
          object: "block",
          type: "code",
          data: {},
          nodes: [
            {
              object: "block",
              type: "code-line",
              data: {},
              nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x = 1", marks: [] }] }],
            },
          ],
        },
      ],
    };
    expect(documentToMarkdown(d)).toBe(
      '{% hint style="danger" %}\n**Stop**\n{% endhint %}\n\n## Two lines\n\n```\nx = 1\n```\n',
    );
    expect(documentToMarkdown({ object: "document", data: {}, nodes: [] })).toBe("");
  });

  it("degrades unknown blocks, inlines and refs to their text", () => {
    const d = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "expandable",
          fragments: [
            {
              object: "fragment",
              fragment: "title",
              nodes: [
                {
                  object: "block",
                  type: "paragraph",
                  nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Summary", marks: [] }] }],
                },
              ],
            },
          ],
        },
        {
          object: "block",
          type: "paragraph",
          nodes: [
            {
              object: "inline",
              type: "link",
              data: { ref: { kind: "user", user: "u1" } },
              nodes: [{ object: "text", leaves: [{ object: "leaf", text: "someone", marks: [] }] }],
            },
            { object: "inline", type: "emoji", data: { code: "1f600" } },
            { object: "inline", type: "emoji", data: { code: "zzz" } },
            {
              object: "text",
              leaves: [{ object: "leaf", text: " kbd", marks: [{ object: "mark", type: "keyboard" }] }],
            },
          ],
        },
        { object: "block", type: "file", data: { ref: { kind: "file", file: "f9" } } },
        { object: "block", type: "math", data: { formula: "x^2" }, isVoid: true },
      ],
    } as unknown as JSONDocument;
    expect(documentToMarkdown(d)).toBe("Summary\n\nsomeone😀zzz kbd\n\n[/files/f9](/files/f9)\n");
  });

  it("refuses invalid document JSON with a 400 naming the path", () => {
    const bad = (value: unknown) => apiError(() => documentToMarkdown(value as JSONDocument)).message;
    expect(bad(null)).toBe("document: must be an object");
    expect(bad({ object: "page", nodes: [] })).toBe('document.object: must be "document"');
    expect(bad({ object: "document", nodes: {} })).toBe("document.nodes: must be an array");
    expect(bad({ object: "document", nodes: [1] })).toBe("document.nodes[0]: must be an object");
    expect(
      bad({
        object: "document",
        nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ text: 5 }] }] }],
      }),
    ).toBe("document.nodes[0].nodes[0].leaves[0].text: must be a string");
    expect(bad({ object: "document", nodes: [{ object: "block" }] })).toBe("document.nodes[0].type: must be a string");
    expect(bad({ object: "document", nodes: [{ object: "thing", type: "x" }] })).toMatch(/object: must be/);
    let deep: any = { object: "block", type: "blockquote", nodes: [] };
    for (let i = 0; i < 200; i++) deep = { object: "block", type: "blockquote", nodes: [deep] };
    expect(bad({ object: "document", nodes: [deep] })).toMatch(/nested too deeply/);
  });
});

describe("hostile markdown", () => {
  it("never throws anything but a 400 ApiError", () => {
    const inputs = [
      "",
      "\u0000\u0001\u0002\ufffd\ud800",
      String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65536)),
      `${">".repeat(3000)} deep`,
      `${"- ".repeat(3000)}deep`,
      "*".repeat(5000),
      `${"[".repeat(500)}x${"](y)".repeat(500)}`,
      "```\n".repeat(100),
      `${"|".repeat(1000)}\n${"|-".repeat(500)}`,
      '{% hint style="info" %}\n'.repeat(200),
      "{% endhint %}\n".repeat(50),
      "---\n---\n---\n",
      "\r\n\r\n# x\r\n",
    ];
    for (const input of inputs) {
      for (const fn of [markdownToDocument, parsePageMarkdown, headingSections]) {
        try {
          fn(input);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(400);
        }
      }
    }
    expect(apiError(() => markdownToDocument(">".repeat(200_000))).message).toMatch(/more than 100 levels deep/);
    expect(apiError(() => parsePageMarkdown(`${"- ".repeat(5000)}x`)).message).toMatch(/more than 100 levels deep/);
    expect(apiError(() => headingSections("> - 1. ".repeat(50))).message).toMatch(/more than 100 levels deep/);
    expect(doc(`${"> ".repeat(100)}ok`).nodes).toHaveLength(1);
    const nested = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n");
    expect(apiError(() => markdownToDocument(nested(400))).message).toMatch(/levels deep/);
    expect(JSON.stringify(doc(nested(60)))).toContain("level 59");
    expect(apiError(() => markdownToDocument(undefined as unknown as string)).message).toMatch(/string/);
  });

  it("flattens very deep nesting into text instead of failing", () => {
    const d = doc(`${">".repeat(100)} deep`);
    expect(JSON.stringify(d)).toContain("deep");
    expect(doc(documentToMarkdown(d))).toBeTruthy();
  });
});

describe("slugify and uniqueSlug", () => {
  it("lower-cases, folds accents and joins words with hyphens", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  Über Straße — Ærø  ")).toBe("uber-strasse-aero");
    expect(slugify("Don't panic")).toBe("dont-panic");
    expect(slugify("C++ & C#")).toBe("c-c");
    expect(slugify("ＦＵＬＬ width ①")).toBe("full-width-1");
    expect(slugify("API v2.1_beta")).toBe("api-v2-1-beta");
  });

  it("keeps CJK and other scripts, without breaking kana or Hangul", () => {
    expect(slugify("日本語のガイド")).toBe("日本語のガイド");
    expect(slugify("快速 开始")).toBe("快速-开始");
    expect(slugify("한국어 문서")).toBe("한국어-문서");
    expect(slugify("Привет мир")).toBe("привет-мир");
  });

  it("never returns an empty slug and bounds its length", () => {
    expect(slugify("")).toBe("untitled");
    expect(slugify("!!! ???")).toBe("untitled");
    expect(slugify("🚀")).toBe("untitled");
    const long = slugify("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith("-")).toBe(false);
  });

  it("resolves collisions with -2, -3 and records what it hands out", () => {
    const taken = new Set(["intro"]);
    expect(uniqueSlug("intro", taken)).toBe("intro-2");
    expect(uniqueSlug("intro", taken)).toBe("intro-3");
    expect(uniqueSlug("other", taken)).toBe("other");
    expect(uniqueSlug("other", taken)).toBe("other-2");
    expect([...taken]).toEqual(["intro", "intro-2", "intro-3", "other", "other-2"]);
    expect(uniqueSlug("", new Set())).toBe("untitled");
  });
});

describe("headingSections", () => {
  it("splits the body at top-level headings with their anchors", () => {
    const sections = headingSections(
      '---\ntitle: T\n---\nIntro text.\n\n# Install\n\nRun **it**.\n\n- a\n- b\n\n## Configure\n\n```\nkey=1\n```\n\n## Configure\n\n{% hint style="info" %}\nNote\n{% endhint %}\n',
    );
    expect(sections).toEqual([
      { anchor: "", title: "", body: "Intro text." },
      { anchor: "install", title: "Install", body: "Run it.\na\nb" },
      { anchor: "configure", title: "Configure", body: "key=1" },
      { anchor: "configure-2", title: "Configure", body: "Note" },
    ]);
  });

  it("uses the same anchors as the document's headings and handles CJK and empty input", () => {
    const md = "# 快速开始\n\ntext\n\n# Done";
    expect(headingSections(md).map((s) => s.anchor)).toEqual(
      doc(md)
        .nodes.filter((n) => n.type.startsWith("heading"))
        .map((n) => n.meta!.id),
    );
    expect(headingSections(md)[0]).toEqual({ anchor: "快速开始", title: "快速开始", body: "text" });
    expect(headingSections("")).toEqual([]);
  });
});
