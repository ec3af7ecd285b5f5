/**
 * What the published page body may contain after sanitizing: exactly the elements, classes and attributes the
 * renderer generates (GFM, footnotes, hints, tables, task lists, highlighted code, heading anchors), nothing
 * else. Only http(s)/mailto links and http(s) images (relative URLs are always allowed); no event handlers,
 * styles or scripts. Ids keep their value (no `user-content-` prefix) so `#anchor` links reach the headings.
 */
import type { Schema } from "hast-util-sanitize";

const headingAttributes = ["id"];
const aria = ["ariaLabel", "ariaDescribedBy"];

export const SANITIZE_SCHEMA: Schema = {
  strip: ["script", "style"],
  clobberPrefix: "",
  clobber: [],
  ancestors: {
    tbody: ["table"],
    td: ["table"],
    th: ["table"],
    thead: ["table"],
    tr: ["table"],
  },
  protocols: {
    href: ["http", "https", "mailto"],
    src: ["http", "https"],
  },
  tagNames: [
    "a",
    "blockquote",
    "br",
    "code",
    "del",
    "div",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "img",
    "input",
    "li",
    "ol",
    "p",
    "pre",
    "section",
    "span",
    "strong",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
  ],
  attributes: {
    a: [
      "href",
      "title",
      "id",
      ...aria,
      ["className", "anchor", "data-footnote-backref"],
      ["target", "_blank"],
      ["rel", "noopener", "noreferrer"],
      "dataFootnoteRef",
      "dataFootnoteBackref",
    ],
    code: [["className", "hljs", /^language-[\w+#.-]+$/]],
    div: [
      ["className", "hint", /^hint-(?:info|success|warning|danger)$/, "table-wrap", "code-block", "code-title"],
      ["role", "note", "region"],
      ["tabIndex", 0],
      "ariaLabel",
    ],
    // highlight.js scopes (`hljs-keyword`, `hljs-title class_`) and broken-link markers.
    span: [["className", /^hljs-[\w-]+$/, /^[a-z]+_+$/, "broken-link"], "title"],
    h1: headingAttributes,
    h2: [...headingAttributes, ["className", "sr-only"]],
    h3: headingAttributes,
    h4: headingAttributes,
    h5: headingAttributes,
    h6: headingAttributes,
    img: ["src", "alt", "title", "width", "height", ["loading", "lazy"]],
    input: [["type", "checkbox"], ["disabled", true], "checked", "ariaLabel"],
    li: ["id", ["className", "task-list-item"]],
    ol: ["start", ["className", "contains-task-list"]],
    ul: [["className", "contains-task-list"]],
    section: ["dataFootnotes", ["className", "footnotes"]],
    td: ["align"],
    th: ["align"],
  },
  required: {
    input: { disabled: true, type: "checkbox" },
  },
};
