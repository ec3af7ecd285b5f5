import { describe, expect, it } from "vitest";
import { prefersMarkdown } from "../../src/lib/accept";

describe("content negotiation of published pages", () => {
  it("gives markdown to clients that name text/markdown and do not prefer HTML to it", () => {
    expect(prefersMarkdown("text/markdown")).toBe(true);
    expect(prefersMarkdown("text/markdown; charset=utf-8")).toBe(true);
    expect(prefersMarkdown("TEXT/Markdown")).toBe(true);
    expect(prefersMarkdown("text/markdown, text/html;q=0.9, */*;q=0.8")).toBe(true);
    expect(prefersMarkdown("text/html;q=0.5, text/markdown")).toBe(true);
    // Named beside HTML at the same quality: only agents name markdown, so it wins the tie.
    expect(prefersMarkdown("text/markdown, text/html, */*")).toBe(true);
    expect(prefersMarkdown("text/markdown, */*")).toBe(true);
  });

  it("gives HTML to browsers, wildcards and clients preferring HTML", () => {
    expect(prefersMarkdown(undefined)).toBe(false);
    expect(prefersMarkdown("")).toBe(false);
    expect(prefersMarkdown("*/*")).toBe(false);
    expect(prefersMarkdown("text/*")).toBe(false);
    expect(prefersMarkdown("text/html")).toBe(false);
    // Chrome's and Firefox's navigation defaults.
    expect(
      prefersMarkdown(
        "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
      ),
    ).toBe(false);
    expect(prefersMarkdown("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(false);
    expect(prefersMarkdown("text/html, text/markdown;q=0.9")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0, */*")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0.5, text/*;q=0.8")).toBe(false);
  });

  it("never throws on malformed headers", () => {
    for (const accept of ["markdown", "text/markdown;q=", "text/markdown;q=abc", ";;,,/", "text/markdown;q=5"]) {
      expect(typeof prefersMarkdown(accept)).toBe("boolean");
    }
    expect(prefersMarkdown("text/markdown;q=abc")).toBe(true);
    expect(prefersMarkdown(`${"x/y, ".repeat(1000)}text/markdown`)).toBe(false);
  });
});
