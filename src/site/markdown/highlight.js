/**
 * Syntax highlighting with lowlight (highlight.js grammars → hast), one instance per isolate.
 *
 * Plain JavaScript on purpose, typed by highlight.d.ts: lowlight's declarations import highlight.js's, which
 * carry `/// <reference lib="dom" />`, and the DOM lib clashes with @cloudflare/workers-types across the whole
 * program (BufferSource, BlobPart, Request). TypeScript reads highlight.d.ts and never sees these imports.
 */
import dockerfile from "highlight.js/lib/languages/dockerfile";
import http from "highlight.js/lib/languages/http";
import powershell from "highlight.js/lib/languages/powershell";
import yaml from "highlight.js/lib/languages/yaml";
import { common, createLowlight } from "lowlight";

// lowlight's `common` grammars, plus a few docs use that it leaves out.
const lowlight = createLowlight({ ...common, dockerfile, http, powershell, yaml });
/** Longer code blocks are shown unhighlighted: highlighting is the costliest step of a render. */
const MAX_HIGHLIGHT_CHARS = 50_000;

export function highlight(language, code) {
  if (language && code.length <= MAX_HIGHLIGHT_CHARS && lowlight.registered(language)) {
    try {
      return lowlight.highlight(language, code).children;
    } catch {
      // fall through to plain text
    }
  }
  return [{ type: "text", value: code }];
}
