import { type CallToolResult, McpServer, ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/app-env";
import { answerInSite } from "../../services/answers";
import { recordAgentFeedback } from "../../services/insights";
import { API_VERSION } from "../../version";
import type { Visit } from "../visit";
import { listPages, pageMarkdown, type SearchResult, searchDocumentation } from "./content";

/** Most pages one getPages call reads. */
export const MAX_PAGES_PER_CALL = 20;
const MAX_QUERY = 512;

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const toolError = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

/**
 * A tool's schema whose JSON Schema (what `tools/list` lists, and what `tools/call` projects its result with) is
 * converted once per isolate: the SDK converts a fresh server's schemas on every request, and the schemas here
 * never change.
 */
function convertedOnce<T extends z.ZodType>(schema: T): T {
  const standard = schema["~standard"];
  const converted: Partial<Record<"input" | "output", Record<string, unknown>>> = {};
  schema["~standard"] = {
    ...standard,
    jsonSchema: {
      input: (options) => (converted.input ??= standard.jsonSchema.input(options)),
      output: (options) => (converted.output ??= standard.jsonSchema.output(options)),
    },
  };
  return schema;
}

const searchInput = convertedOnce(
  z.object({
    query: z.string().trim().min(1).max(MAX_QUERY).describe("What to look for"),
    siteSpace: z.string().max(200).optional().describe("Only this site space (its id or path)"),
    section: z.string().max(200).optional().describe("Only this section (its id or path)"),
    language: z.string().max(20).optional().describe("Only site spaces in this language (e.g. en, fr)"),
  }),
);

const pageInput = convertedOnce(
  z.object({ url: z.string().min(1).max(2048).describe("The page's URL, or its path on the site") }),
);

const pagesInput = convertedOnce(
  z.object({
    urls: z.array(z.string().min(1).max(2048)).min(1).describe(`At most ${MAX_PAGES_PER_CALL} URLs or paths`),
  }),
);

const questionInput = convertedOnce(
  z.object({ question: z.string().trim().min(1).max(2000).describe("The question") }),
);

const feedbackInput = convertedOnce(
  z.object({
    message: z.string().trim().min(1).max(5000).describe("What is missing, wrong or unclear"),
    rating: z.number().int().min(1).max(5).optional().describe("1 (poor) to 5 (great)"),
    pageUrl: z.string().max(2048).optional().describe("The page it is about"),
  }),
);

const searchOutput = convertedOnce(
  z.object({
    results: z.array(
      z.object({
        title: z.string(),
        url: z.string(),
        snippet: z.string(),
        section: z.string().optional(),
        space: z.string().optional(),
      }),
    ),
  }),
);

const answerOutput = convertedOnce(
  z.object({
    answer: z.string(),
    /** False when nothing relevant was found: the answer then says so. */
    known: z.boolean(),
    sources: z.array(z.object({ title: z.string(), url: z.string(), section: z.string().optional() })),
    answerId: z.string(),
  }),
);

function searchText(query: string, results: SearchResult[]) {
  if (!results.length) return `No page of this site matches "${query}".`;
  return results
    .map((r) => {
      const heading = r.section && r.section !== r.title ? `${r.title} › ${r.section}` : r.title;
      return `## ${heading}\n${r.url}${r.space ? `\n(${r.space})` : ""}\n\n${r.snippet}`;
    })
    .join("\n\n");
}

/**
 * One MCP server instance for one request to a site's `/~gitbook/mcp` (stateless: a fresh instance per request).
 * Every tool and resource reads through the visit: the site as this caller may see it.
 */
export function siteMcpServer(c: Context<AppEnv>, visit: Visit, instructions: string): McpServer {
  const { site } = visit.data;
  const server = new McpServer({ name: site.title || "Documentation", version: API_VERSION }, { instructions });
  const origin = new URL(c.req.url).origin;

  server.registerTool(
    "searchDocumentation",
    {
      title: "Search the documentation",
      description: `Search the pages of ${site.title}. Answers the best matching pages with their URL and a snippet; read a page with getPage.`,
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, siteSpace, section, language }) => {
      const results = await searchDocumentation(c, visit, query, {
        ...(siteSpace ? { siteSpace } : {}),
        ...(section ? { section } : {}),
        ...(language ? { language } : {}),
      });
      return { ...text(searchText(query, results)), structuredContent: { results } };
    },
  );

  server.registerTool(
    "getPage",
    {
      title: "Read a page",
      description: "A page of the documentation as markdown, by its URL or its path on the site.",
      inputSchema: pageInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ url }) => {
      const page = await pageMarkdown(c, visit, url);
      return page ? text(page.markdown) : toolError(`No page of this site is at ${url}.`);
    },
  );

  server.registerTool(
    "getPages",
    {
      title: "Read several pages",
      description: `Up to ${MAX_PAGES_PER_CALL} pages of the documentation as markdown, by their URLs or paths.`,
      inputSchema: pagesInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ urls }) => {
      if (urls.length > MAX_PAGES_PER_CALL) {
        return toolError(`getPages reads at most ${MAX_PAGES_PER_CALL} pages at once; ${urls.length} were asked.`);
      }
      const pages = await Promise.all(urls.map((url) => pageMarkdown(c, visit, url)));
      return {
        content: pages.map((page, i) => ({
          type: "text" as const,
          text: page ? `<!-- ${page.url} -->\n${page.markdown}` : `No page of this site is at ${urls[i]}.`,
        })),
        ...(pages.every((p) => !p) ? { isError: true } : {}),
      };
    },
  );

  server.registerTool(
    "askQuestion",
    {
      title: "Ask the documentation",
      description: "A question answered from this documentation only, citing the pages it comes from.",
      inputSchema: questionInput,
      outputSchema: answerOutput,
      // It stores the question and its answer (the site's questions): not read-only.
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async ({ question }) => {
      const answer = await answerInSite(visit.ctx, site.organizationId, site.id, question, { via: "mcp" });
      const sources = answer.sources.map((s) => ({
        title: s.title,
        url: s.url,
        ...(s.section ? { section: s.section } : {}),
      }));
      const cited = sources.map((s) => `- [${s.title}](${s.url})`).join("\n");
      return {
        ...text(cited ? `${answer.text}\n\nSources:\n${cited}` : answer.text),
        structuredContent: { answer: answer.text, known: answer.known, sources, answerId: answer.answerId },
      };
    },
  );

  server.registerTool(
    "sendFeedback",
    {
      title: "Send feedback",
      description: "Feedback about this documentation (missing, wrong or unclear content) for its authors.",
      inputSchema: feedbackInput,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async ({ message, rating, pageUrl }) => {
      const agent = c.req.header("user-agent");
      await recordAgentFeedback(visit.ctx, site.organizationId, site.id, {
        message,
        ...(rating === undefined ? {} : { rating }),
        ...(pageUrl ? { pageUrl } : {}),
        ...(agent ? { agent } : {}),
      });
      return text("Thank you: the feedback was sent to the documentation's authors.");
    },
  );

  // Pages as resources: their URLs, read as their markdown.
  server.registerResource(
    "page",
    new ResourceTemplate(`${origin}${visit.base}/{+path}`, {
      list: async () => ({
        resources: (await listPages(c, visit)).map((page) => ({
          uri: page.url,
          name: page.title,
          title: page.title,
          mimeType: "text/markdown",
          ...(page.description ? { description: page.description } : {}),
        })),
      }),
    }),
    { title: "A page of the documentation", mimeType: "text/markdown" },
    async (uri) => {
      const page = await pageMarkdown(c, visit, uri.href);
      if (!page) throw new ResourceNotFoundError(uri.href, `No page of this site is at ${uri.href}.`);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: page.markdown }] };
    },
  );
  return server;
}
