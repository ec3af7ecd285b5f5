import { deflateRawSync, constants as zlibConstants } from "node:zlib";
import { strToU8, zipSync } from "fflate";

/**
 * The documents the import tests fetch over real HTTP: a small website, a zip with SUMMARY.md, a zip without
 * it, a .docx, a markdown file, and broken or oversize files. Built in Node by the global setup.
 */
export const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII=",
    "base64",
  ),
);
// A different image (1x1) so that files can be told apart.
export const PNG2 = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const html = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title} · Acme</title></head><body>` +
  `<nav><a href="/site/index.html">Home</a> <a href="/site/about.html">About</a> <a href="guide.html">Guide</a> <a href="/site/files/manual.pdf">PDF</a></nav>` +
  `<main>${body}</main><footer>© Acme</footer><script>alert(1)</script></body></html>`;

export const SITE: Record<string, string> = {
  "/site/index.html": html(
    "Home",
    `<h1>Welcome to Acme</h1><p>Read <a href="about.html#team">about the team</a> or the <a href="https://example.com/elsewhere">outside world</a>.</p>` +
      `<p><img src="img/logo.png" alt="Logo"> <img src="/site/img/missing.png" alt="Gone"></p><ul><li>One <strong>bold</strong></li><li>Two</li></ul>`,
  ),
  "/site/about.html": html(
    "About",
    `<h1>About us</h1><p>See the <a href="/site/guide.html">guide</a>.</p><pre><code>npm i acme</code></pre>`,
  ),
  "/site/guide.html": html(
    "Guide",
    `<h1>Guide</h1><p>Back <a href="index.html">home</a>.</p><img src="/site/img/logo.png" alt="Logo again">`,
  ),
  "/page.html": `<html><head><title>Single</title></head><body><article><h1>Single page</h1><p>Text with <em>emphasis</em>.</p><img src="/site/img/photo.png" alt="Photo"></article></body></html>`,
};

export const MARKDOWN = `---
description: A markdown file
---
# Release notes

![Diagram](img/diagram.png)

See [the site](../site/index.html) and [anchor](#release-notes).

\`\`\`md
![not an image](img/not-fetched.png)
\`\`\`
`;

export function summaryZip(): Uint8Array {
  const md = (text: string) => strToU8(text);
  return zipSync({
    "book/SUMMARY.md": md(
      "# Summary\n\n* [Introduction](README.md)\n* [The guide](guide/README.md)\n  * [Setup](guide/setup.md)\n  * [Usage](guide/usage.md)\n\n## Reference\n\n* [API](reference/api.md)\n",
    ),
    "book/README.md": md("# Introduction\n\nStart with [setup](guide/setup.md).\n"),
    "book/guide/README.md": md("# The guide\n\nChapters below.\n"),
    "book/guide/setup.md": md(
      "# Setup\n\nThen read [usage](usage.md#details) and go [home](../README.md).\n\n![Diagram](../images/diagram.png)\n\n[logo]: ../images/logo.png\n\n![Logo][logo]\n",
    ),
    "book/guide/usage.md": md(
      '# Usage\n\n<img src="../images/diagram.png" alt="Same diagram">\n\n[External](https://example.com) and [missing](nowhere.md).\n',
    ),
    "book/reference/api.md": md("# API\n"),
    "book/unlisted.md": md("# Not in the summary\n"),
    "book/images/diagram.png": PNG,
    "book/images/logo.png": PNG2,
    "book/.DS_Store": new Uint8Array([0, 1, 2]),
  });
}

export function foldersZip(): Uint8Array {
  return zipSync({
    "README.md": strToU8("# Home\n\n[B](sub/b.md)\n"),
    "a.md": strToU8("# Alpha\n"),
    "sub/b.md": strToU8("# Beta\n\n[Alpha](../a.md)\n"),
    "sub/c.md": strToU8("# Gamma\n"),
    "other/README.md": strToU8("# Other section\n"),
    "other/d.md": strToU8("# Delta\n"),
  });
}

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"';
const p = (text: string, style?: string, extra = "") =>
  `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ""}${extra}</w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const li = (text: string, numId: number, level = 0) =>
  p(text, "ListParagraph", `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`);

export function docx(): Uint8Array {
  const body = [
    p("Quarterly report", "Title"),
    `<w:p><w:r><w:t xml:space="preserve">Revenue grew </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>a lot</w:t></w:r><w:r><w:t xml:space="preserve"> &amp; costs fell. See </w:t></w:r><w:hyperlink r:id="rIdLink"><w:r><w:t>the website</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r></w:p>`,
    p("Highlights", "Heading2"),
    li("First point", 1),
    li("Nested point", 1, 1),
    li("Second point", 1),
    li("Step one", 2),
    li("Step two", 2),
    `<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="Chart"/><a:graphic><a:graphicData><a:blip r:embed="rIdImg"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
    `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Region</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Sales</w:t></w:r></w:p></w:tc></w:tr><w:tr><w:tc><w:p><w:r><w:t>EU</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>42</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`,
    p(""),
  ].join("");
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style><w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style></w:styles>`;
  const numbering = `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/acme" TargetMode="External"/><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>`;
  return zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`,
    ),
    "word/styles.xml": strToU8(styles),
    "word/numbering.xml": strToU8(numbering),
    "word/_rels/document.xml.rels": strToU8(rels),
    "word/media/image1.png": PNG,
  });
}

/** A zip that is not a Word document (no word/document.xml). */
export const notWordZip = () => zipSync({ "hello.txt": strToU8("hello") });

/**
 * A zip bomb: one entry whose central directory and local header declare `declared` bytes but whose deflate
 * stream inflates to `megabytes` MB of zeros (sync-flushed 1 MB blocks repeated, then a final empty block).
 */
export function lyingZip(name: string, megabytes: number, declared = 10): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Uint8Array.from(Buffer.concat([local, nameBytes, data, central, nameBytes, end]));
}

/** Malformed percent-encoding (`%A` is cut short): names and links that `decodeURIComponent` throws on. */
export const BAD_ESCAPE = "%E0%A4%A";

export const badEscapesZip = () =>
  zipSync({
    "notes.md": strToU8(`# Notes\n\n[odd](${BAD_ESCAPE}.md) ![odd](${BAD_ESCAPE}.png)\n`),
  });

/** OpenAPI documents for the OpenAPI spec tests: YAML and JSON specs, and a YAML file that is no spec. */
export const OPENAPI_YAML = `openapi: 3.1.0
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List pets
      responses:
        "200":
          description: OK
`;
export const OPENAPI_JSON = JSON.stringify({ swagger: "2.0", info: { title: "Legacy", version: "2" }, paths: {} });
export const NOT_OPENAPI_YAML = "name: just a config file\nitems: [1, 2, 3]\n";

/** Pages for the embed tests (getEmbedByUrl): OpenGraph tags, a bare `<title>`, and an oEmbed provider. */
export const EMBED_PAGES: Record<string, { body: string; type: string }> = {
  "/embed/og.html": {
    type: "text/html; charset=utf-8",
    body:
      `<!doctype html><html><head><title>Not this one</title><meta property="og:title" content="Open &amp; Graph">` +
      `<meta property="og:site_name" content="Fixture Site"><meta property="og:description" content="A page about things.">` +
      `<meta property="og:image" content="/embed/preview.png"><link rel="shortcut icon" href="/embed/favicon.ico">` +
      `</head><body><p>Body</p></body></html>`,
  },
  "/embed/title.html": {
    type: "text/html",
    body: "<html><head><title>\n  Plain &amp; simple  </title></head><body>No tags</body></html>",
  },
  "/embed/video.html": {
    type: "text/html",
    body:
      `<html><head><title>Video page</title><link rel="alternate" type="application/json+oembed" ` +
      `href="/embed/oembed.json?format=json" title="oEmbed"><link rel="icon" href="https://cdn.example/v.png"></head></html>`,
  },
  "/embed/oembed.json": {
    type: "application/json",
    body: JSON.stringify({
      version: "1.0",
      type: "video",
      title: "A video",
      provider_name: "Fixture Video",
      html: '<iframe src="https://player.example/1" width="480" height="270"></iframe>',
      thumbnail_url: "https://cdn.example/thumb.jpg",
    }),
  },
  "/embed/broken-oembed.html": {
    type: "text/html",
    body: `<html><head><title>Broken provider</title><link rel="alternate" type="application/json+oembed" href="/embed/missing.json"></head></html>`,
  },
};
