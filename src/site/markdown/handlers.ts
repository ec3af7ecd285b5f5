/**
 * mdast → hast handlers of the published renderer: anchored headings, highlighted code (highlight.js),
 * scrollable tables, hints, links and images through the content resolver, raw HTML reduced to its text.
 * Everything they produce is then sanitized (schema.ts), so a handler never has to be the last line of defence.
 */
import type { Element, ElementContent, Properties } from "hast";
import type { Code, Heading, Html, Image, ImageReference, Link, LinkReference, Nodes, Parents, Table } from "mdast";
import { defaultHandlers, type Handlers, type State } from "mdast-util-to-hast";
import { highlight } from "./highlight.js";
import type { ContentResolver } from "./resolve";
import { resolveImage, resolveLink } from "./resolve";
import { attribute, type Hint, type HintStyle } from "./tree";

/** Language names that become a `language-*` class (and are looked up for highlighting). */
const LANGUAGE = /^[\w+#.-]{1,40}$/;

const HINT_LABELS: Record<HintStyle, string> = {
  info: "Info",
  success: "Success",
  warning: "Warning",
  danger: "Danger",
};

const el = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: "text", value });

function finish(state: State, node: Nodes, result: Element): Element {
  state.patch(node, result);
  return state.applyData(node, result) as Element;
}

/** A code block's title: `{% code title %}`, `title="…"`/`filename="…"` in the fence meta, or a bare file name. */
function codeTitle(node: Code): string | undefined {
  if (node.data?.title) return node.data.title;
  const meta = node.meta ?? "";
  const named = attribute(meta, "title") ?? attribute(meta, "filename") ?? attribute(meta, "file");
  if (named) return named;
  const bare = meta.trim().split(/\s+/)[0] ?? "";
  return /^[\w@~./-]*[\w-]\.[\w]+$/.test(bare) && !bare.includes("=") ? bare : undefined;
}

const BLOCK_PARENTS = new Set(["root", "blockquote", "listItem", "hint", "footnoteDefinition"]);

/** The hast handlers for one render (they close over its resolver and heading anchors). */
export function createHandlers(resolver: ContentResolver, anchors: Map<Heading, string>): Handlers {
  const linkTo = (state: State, node: Link | LinkReference, url: string, title?: string | null) => {
    const children = state.all(node);
    const target = resolveLink(url, resolver);
    if (target.kind === "broken")
      return finish(state, node, el("span", { className: ["broken-link"], title: "Broken link" }, children));
    const properties: Properties = { href: target.href };
    if (title) properties.title = title;
    if (target.kind === "external") {
      properties.rel = ["noopener", "noreferrer"];
      if (target.newTab) properties.target = "_blank";
    }
    return finish(state, node, el("a", properties, children));
  };

  const imageOf = (state: State, node: Image | ImageReference, url: string, title?: string | null) => {
    const alt = node.alt ?? "";
    const image = resolveImage(url, resolver);
    if (!image)
      return finish(state, node, el("span", { className: ["broken-link"], title: "Broken image" }, [text(alt)]));
    const properties: Properties = { src: image.src, alt, loading: "lazy" };
    if (image.width) properties.width = image.width;
    if (image.height) properties.height = image.height;
    if (title) properties.title = title;
    return finish(state, node, el("img", properties, []));
  };

  return {
    heading(state, node: Heading) {
      const id = anchors.get(node);
      const children = state.all(node);
      if (id) {
        children.push(
          text(" "),
          el("a", { className: ["anchor"], href: `#${id}`, ariaLabel: "Link to this section" }, [text("#")]),
        );
      }
      return finish(state, node, el(`h${node.depth}`, id ? { id } : {}, children));
    },

    code(state, node: Code) {
      const language = (node.lang ?? "").split(/\s+/)[0]!.toLowerCase();
      const className = ["hljs"];
      if (LANGUAGE.test(language)) className.push(`language-${language}`);
      const value = node.value ? `${node.value}\n` : "";
      const code = el("code", { className }, LANGUAGE.test(language) ? highlight(language, value) : [text(value)]);
      const pre = finish(state, node, el("pre", {}, [code]));
      const title = codeTitle(node);
      if (!title) return pre;
      return el("div", { className: ["code-block"] }, [el("div", { className: ["code-title"] }, [text(title)]), pre]);
    },

    table(state, node: Table) {
      const table = defaultHandlers.table(state, node);
      return el("div", { className: ["table-wrap"], tabIndex: 0, role: "region", ariaLabel: "Table" }, [table]);
    },

    link: (state, node: Link) => linkTo(state, node, node.url, node.title),
    linkReference(state, node: LinkReference) {
      const definition = state.definitionById.get(String(node.identifier).toUpperCase());
      if (!definition) return defaultHandlers.linkReference(state, node);
      return linkTo(state, node, definition.url, definition.title);
    },
    image: (state, node: Image) => imageOf(state, node, node.url, node.title),
    imageReference(state, node: ImageReference) {
      const definition = state.definitionById.get(String(node.identifier).toUpperCase());
      if (!definition) return defaultHandlers.imageReference(state, node);
      return imageOf(state, node, definition.url, definition.title);
    },

    // Raw HTML never passes through: comments and inline tags are dropped (the text between them stays), `<br>`
    // is kept as a line break, and an HTML block becomes a paragraph of its text.
    html(_state, node: Html, parent: Parents | undefined) {
      const value = node.value.trim();
      if (/^<br\s*\/?>$/i.test(value)) return el("br", {}, []);
      if (!parent || !BLOCK_PARENTS.has(parent.type)) return undefined;
      const plain = value
        .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
        .replace(/<(script|style|textarea|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ")
        .replace(/<[^>]*>?/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return plain ? el("p", {}, [text(plain)]) : undefined;
    },

    hint(state, node: Hint) {
      const children = state.wrap(state.all(node), true);
      const properties = {
        className: ["hint", `hint-${node.style}`],
        role: "note",
        ariaLabel: HINT_LABELS[node.style],
      };
      return finish(state, node, el("div", properties, children));
    },
  };
}
