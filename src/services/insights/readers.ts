import { prefersMarkdown } from "../../lib/accept";
/**
 * Who is reading: a person or an agent, and what their user agent says (browser, device, OS, bot name as the
 * reference's SiteInsightsVisitorBot enumerates them). One place for every heuristic.
 */

/** User-agent patterns of known AI agents, crawlers and programmatic clients, with the reference's bot name. */
const BOTS: [RegExp, string][] = [
  [/claude-code/i, "claude-code"],
  [/claudebot/i, "claudebot"],
  [/claude-(user|web|searchbot)|\bclaude\b/i, "claude"],
  [/anthropic/i, "anthropic"],
  [/gptbot/i, "gptbot"],
  [/chatgpt/i, "chatgpt"],
  [/oai-searchbot|openai/i, "openai"],
  [/codex/i, "codex"],
  [/opencode/i, "opencode"],
  [/perplexity/i, "perplexity"],
  [/google-extended|gemini/i, "gemini"],
  [/googlebot/i, "googlebot"],
  [/bingbot/i, "bingbot"],
  [/duckassist/i, "duckassist"],
  [/duckduckbot/i, "duckduckbot"],
  [/applebot/i, "applebot"],
  [/cohere/i, "cohere"],
  [/mistral/i, "mistral"],
  [/deepseek/i, "deepseek"],
  [/meta-externalfetcher/i, "meta-fetcher"],
  [/meta-externalagent|meta-webindexer/i, "meta-webindexer"],
  [/facebookexternalhit|facebookbot/i, "facebookbot"],
  [/bytespider/i, "bytespider"],
  [/ccbot/i, "ccbot"],
  [/amzn-searchbot/i, "amzn-searchbot"],
  [/amzn-user/i, "amzn-user"],
  [/amazonbot/i, "amazonbot"],
  [/youbot/i, "youbot"],
  [/cursor/i, "cursor"],
  [/copilot/i, "github-copilot"],
  [/vscode/i, "vscode"],
  [/\bgrok\b|\bxai\b/i, "grok"],
];

/** Clients no person browses with: HTTP libraries, command-line tools, MCP SDKs, anything calling itself a bot. */
const PROGRAMMATIC =
  /(bot\b|crawler|spider|curl\/|wget\/|httpie|python-requests|python-httpx|aiohttp|node-fetch|undici|axios\/|go-http-client|okhttp|java\/|libwww|\bmcp\b|headless)/i;

/** The reference's bot name for a user agent: null for a person's browser, `unknown` for an unnamed agent. */
export function botOf(userAgent: string | undefined): string | null {
  const ua = userAgent ?? "";
  if (!ua.trim()) return "unknown"; // every browser sends one
  for (const [pattern, name] of BOTS) if (pattern.test(ua)) return name;
  return PROGRAMMATIC.test(ua) ? "unknown" : null;
}

/**
 * Whether a request comes from an AI agent rather than a person: an MCP client's headers, an `Accept` that
 * prefers markdown (the renderer's own negotiation: what gets markdown is an agent's read), or a known agent's
 * or programmatic client's user agent.
 */
export function isAgentRequest(headers: Headers): boolean {
  if (headers.has("mcp-protocol-version") || headers.has("mcp-session-id")) return true;
  if (prefersMarkdown(headers.get("accept") ?? "")) return true;
  return botOf(headers.get("user-agent") ?? undefined) !== null;
}

export function browserOf(ua: string): string {
  if (/edg\//i.test(ua)) return "edge";
  if (/opr\/|opera/i.test(ua)) return "opera";
  if (/firefox\//i.test(ua)) return "firefox";
  if (/chrome\/|crios\//i.test(ua)) return "chrome";
  if (/msie |trident\//i.test(ua)) return "ie";
  if (/safari\//i.test(ua)) return "safari";
  return "unknown";
}

export function deviceOf(ua: string): string {
  if (/ipad|tablet/i.test(ua)) return "tablet";
  if (/mobi|iphone|android/i.test(ua)) return "mobile";
  if (/windows|macintosh|x11|linux/i.test(ua)) return "desktop";
  return "unknown";
}

export function osOf(ua: string): string {
  if (/android/i.test(ua)) return "android";
  if (/iphone|ipad|ios/i.test(ua)) return "ios";
  if (/windows/i.test(ua)) return "windows";
  if (/mac os|macintosh/i.test(ua)) return "macos";
  if (/linux|x11/i.test(ua)) return "linux";
  return "unknown";
}
