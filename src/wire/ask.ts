import { z } from "@hono/zod-openapi";
import { JSONDocumentSchema } from "./revision";

// Grounded answers (issue 31 part 3): the ask operations' bodies and answers, and the event streams' events, as
// the 0.202 reference names them.

const Id = z.string().min(1).max(128);

export const SearchAIQuerySchema = z
  .object({
    query: z.string().min(1).max(512),
    previousQueries: z.array(z.string().max(512)).max(10).optional().openapi({ deprecated: true }),
  })
  .openapi("SearchAIQuery");

export const SearchAIAnswerSourcePageSchema = z
  .object({
    type: z.literal("page"),
    reason: z.string().optional(),
    page: z.string(),
    revision: z.string(),
    space: z.string(),
    sections: z.array(z.string()).openapi({ description: "The anchors of the page's sections the answer used." }),
  })
  .openapi("SearchAIAnswerSourcePage");

const MarkdownAnswer = z.object({ markdown: z.string() });
const DocumentAnswer = z.object({ document: JSONDocumentSchema });

export const SearchAIAnswerSchema = z
  .object({
    answer: z.union([MarkdownAnswer, DocumentAnswer]).optional(),
    followupQuestions: z.array(z.string()),
    sources: z.array(SearchAIAnswerSourcePageSchema),
  })
  .openapi("SearchAIAnswer");

export type SearchAIAnswer = z.infer<typeof SearchAIAnswerSchema>;

export const AskInOrganizationResponse = z.object({ answer: SearchAIAnswerSchema.optional() });

export const SearchAIRecommendedQuestionsSchema = z
  .object({ questions: z.array(z.string()) })
  .openapi("SearchAIRecommendedQuestions");

/** One event of a recommended-questions stream. */
export const SearchAIRecommendedQuestionStreamSchema = z
  .object({ question: z.string() })
  .openapi("SearchAIRecommendedQuestionStream");

/** One event of an answer stream. */
export const SearchAIAnswerStreamSchema = z
  .object({ type: z.literal("answer"), answer: SearchAIAnswerSchema })
  .openapi("SearchAIAnswerStream");

export const SiteInsightsSessionSchema = z
  .object({ visitorId: z.string().min(1).max(256), sessionId: z.string().min(1).max(256) })
  .openapi("SiteInsightsSession");

export const AgentGoalSchema = z.string().max(1024).openapi("AgentGoal");

/** The 0.202 scope of an ask: the default content (optionally around a current site space), some, or all. */
const AskScope = z.union([
  z.object({
    mode: z.literal("default"),
    currentSiteSpace: Id.optional(),
    restrictTo: z.enum(["currentSiteSpace", "otherSiteSpaces"]).optional(),
  }),
  z.object({ mode: z.literal("specific"), siteSpaceIds: z.array(Id).min(1).max(1000) }),
  z.object({ mode: z.literal("all") }),
]);

export const StreamAskInSiteBody = z
  .object({
    question: z.string().min(1).max(512),
    context: z.object({ siteSpaceId: Id.optional(), goal: AgentGoalSchema.optional() }).optional(),
    scope: AskScope,
    session: SiteInsightsSessionSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.scope.mode === "default" && body.scope.restrictTo && !body.scope.currentSiteSpace) {
      ctx.addIssue({ code: "custom", path: ["scope", "currentSiteSpace"], message: "is required with restrictTo" });
    }
  });
export type StreamAskInSite = z.infer<typeof StreamAskInSiteBody>;

export const SiteCoreChannelTypeSchema = z.enum(["site", "embed", "api"]).openapi("SiteCoreChannelType");
export const AIMessageRoleSchema = z.enum(["user", "assistant", "developer"]).openapi("AIMessageRole");
export const AIModelSchema = z.enum(["fast", "reasoning-low", "reasoning-medium", "reasoning-high"]).openapi("AIModel");

export const AIMessageInputSchema = z
  .object({
    role: AIMessageRoleSchema,
    content: z.union([z.string().max(2048), JSONDocumentSchema]),
    context: z.record(z.string(), z.unknown()).optional(),
    attachments: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
  })
  .openapi("AIMessageInput");

export const AIToolDefinitionSchema = z
  .object({
    name: z.string().min(1).max(128),
    description: z.string().max(4096),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("AIToolDefinition");

export const AIToolCallResultSchema = z
  .object({
    tool: z.string(),
    toolCallId: z.string(),
    output: z.record(z.string(), z.unknown()),
    summary: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("AIToolCallResult");

export const StreamAIResponseBody = z.object({
  previousResponseId: Id.optional(),
  input: z.array(AIMessageInputSchema).min(1).max(100),
  model: AIModelSchema.optional(),
  tools: z.array(AIToolDefinitionSchema).max(50).optional(),
  toolCall: AIToolCallResultSchema.optional(),
  session: SiteInsightsSessionSchema.optional(),
  channel: z.object({ type: SiteCoreChannelTypeSchema }).optional(),
});

/** One event of an AI response stream (AIStreamResponse: the kinds Quire sends). */
export const AIStreamResponseSchema = z
  .union([
    z.object({ type: z.literal("response_start"), messageId: z.string() }),
    z.object({
      type: z.literal("response_step_start"),
      messageId: z.string(),
      stepIndex: z.number().int(),
      phase: z.enum(["commentary", "final_answer"]).optional(),
    }),
    z.object({
      type: z.literal("response_document"),
      messageId: z.string(),
      stepIndex: z.number().int(),
      operation: z.enum(["insert", "update"]),
      blocks: z.array(z.any()),
    }),
    z.object({
      type: z.literal("response_followup_suggestion"),
      messageId: z.string(),
      suggestions: z.array(z.string()),
    }),
    z.object({
      type: z.literal("response_finish"),
      messageId: z.string(),
      responseId: z.string().optional(),
      response: z.object({ id: z.string().optional(), previous: z.string().optional() }),
    }),
  ])
  .openapi("AIStreamResponse");

/** `format` of the ask operations: the answer as markdown (default) or as a document. */
export const DocumentFormatQuery = z.object({ format: z.enum(["document", "markdown"]).optional() });
