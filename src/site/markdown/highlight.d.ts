import type { ElementContent } from "hast";

/**
 * Syntax-highlighted hast for `code` in `language` (a name or alias highlight.js knows, lower-case): spans with
 * `hljs-*` classes. Plain text when the language is unknown, the code is very long, or highlighting fails.
 */
export function highlight(language: string, code: string): ElementContent[];
