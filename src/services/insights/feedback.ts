import { siteAgentFeedback } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { ServiceContext } from "../core";
import { recordSiteEvents } from "./events";

/** Feedback as the API's two operations and the MCP tool send it, reduced to what is stored. */
export interface AgentFeedbackRecord {
  summary: string;
  subject: { kind: string } & Record<string, unknown>;
  source?: "mcp" | "assistant";
  category?: string;
  severity?: string;
  detail?: string;
  goal?: string;
  reportedBy?: Record<string, unknown>;
  url?: string;
  spaceId?: string;
  pageId?: string;
  rating?: number;
  agent?: string;
}

/**
 * Stores one agent's feedback about a site (already admitted by the caller) and counts it as an `agent_feedback`
 * event of the site's insights. Returns the feedback's id.
 */
export async function storeAgentFeedback(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  feedback: AgentFeedbackRecord,
): Promise<string> {
  const id = newId();
  await ctx.db.insert(siteAgentFeedback).values({
    id,
    siteId,
    createdAt: ctx.now,
    source: feedback.source ?? null,
    subjectKind: feedback.subject.kind,
    subject: feedback.subject,
    category: feedback.category ?? null,
    severity: feedback.severity ?? null,
    summary: feedback.summary,
    detail: feedback.detail ?? null,
    goal: feedback.goal ?? null,
    reportedBy: feedback.reportedBy ?? null,
    url: feedback.url ?? null,
    spaceId: feedback.spaceId ?? null,
    pageId: feedback.pageId ?? null,
    rating: feedback.rating ?? null,
    agent: feedback.agent ?? null,
  });
  const reader = feedback.agent ?? String(feedback.reportedBy?.userAgent ?? "");
  await recordSiteEvents(ctx, organizationId, siteId, [
    {
      type: "agent_feedback",
      session: { visitorId: `agent:${reader}`, sessionId: `agent:${reader}:${id}`, userAgent: reader },
      location: {
        url: feedback.url ?? "",
        displayContext: feedback.source === "mcp" ? "mcp" : "server",
        space: feedback.spaceId ?? null,
        page: feedback.pageId ?? null,
      },
      agent: true,
    },
  ]);
  return id;
}

/**
 * The MCP tool's `sendFeedback` (and any caller that already admitted the caller to the site): `message` is the
 * summary (its first 256 characters; the rest is the detail), `rating` a score the agent gave the page.
 */
export async function recordAgentFeedback(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: { message: string; rating?: number; pageUrl?: string; agent?: string },
): Promise<void> {
  const message = input.message.trim();
  await storeAgentFeedback(ctx, organizationId, siteId, {
    summary: message.slice(0, 256),
    ...(message.length > 256 ? { detail: message.slice(0, 4096) } : {}),
    subject: input.pageUrl ? { kind: "documentation", url: input.pageUrl } : { kind: "generic" },
    source: "mcp",
    url: input.pageUrl?.slice(0, 2048),
    rating: input.rating,
    agent: input.agent?.slice(0, 512),
  });
}
