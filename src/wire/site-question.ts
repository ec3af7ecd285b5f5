import { z } from "@hono/zod-openapi";
import { SiteCoreChannelTypeSchema, SiteInsightsSessionSchema } from "./ask";
import { queryArray, TimestampSchema } from "./common";

// The site questions store (0.202 site-questions operations): questions asked of a site's assistant, its
// answers and the sources they cite.

export const SiteQuestionTypeSchema = z
  .enum(["exploring", "how-to", "troubleshooting", "reference", "unknown"])
  .openapi("SiteQuestionType");
export const SiteQuestionAnswerRelevanceSchema = z
  .enum(["relevant", "spam", "off-topic", "unclear"])
  .openapi("SiteQuestionAnswerRelevance");
export const SiteQuestionAnswerResolutionSchema = z
  .enum(["no", "partially", "yes"])
  .openapi("SiteQuestionAnswerResolution");
export const SiteQuestionAnswerHelpfulnessSchema = z
  .enum(["low", "medium", "high"])
  .openapi("SiteQuestionAnswerHelpfulness");
export const SiteConfigurableChannelTypeSchema = z
  .enum(["builtin:slack", "builtin:discord", "builtin:github", "builtin:linear"])
  .openapi("SiteConfigurableChannelType");
export const SiteChannelTypeSchema = z
  .union([SiteCoreChannelTypeSchema, SiteConfigurableChannelTypeSchema])
  .openapi("SiteChannelType");

const counts = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);

export const SiteQuestionStatsSchema = z
  .object({
    total: z.number(),
    answers: z.number(),
    feedback: counts(["positive", "negative", "unrated"]).openapi("SiteQuestionStatsFeedback"),
    answered: counts(["yes", "partially", "no"]).openapi("SiteQuestionStatsAnswered"),
    relevance: counts(["relevant", "spam", "off-topic", "unclear"]).openapi("SiteQuestionStatsRelevance"),
    types: counts(["exploring", "how-to", "troubleshooting", "reference", "unknown"]).openapi("SiteQuestionStatsTypes"),
    channelTypes: z.record(z.string(), z.number()).openapi("SiteQuestionStatsChannelTypes"),
    channels: z.record(z.string(), z.number()).openapi("SiteQuestionStatsChannels"),
    weeklyPulse: z.array(z.number()).length(13),
  })
  .openapi("SiteQuestionStats");

const Location = z.object({ location: z.string() });

export const SiteQuestionSchema = z
  .object({
    object: z.literal("site-question"),
    id: z.string(),
    question: z.string(),
    type: SiteQuestionTypeSchema,
    createdAt: TimestampSchema,
    askedAt: TimestampSchema,
    stats: SiteQuestionStatsSchema,
    urls: Location,
  })
  .openapi("SiteQuestion");

export const SiteQuestionAnswerSourcePageSchema = z
  .object({
    object: z.literal("site-question-answer-source"),
    id: z.string(),
    weight: z.number(),
    title: z.string(),
    urls: Location,
    type: z.literal("page"),
    space: z.string(),
    revision: z.string(),
    page: z.string(),
  })
  .openapi("SiteQuestionAnswerSourcePage");

export const SiteQuestionAnswerSchema = z
  .object({
    object: z.literal("site-question-answer"),
    id: z.string(),
    question: z.object({ id: z.string(), type: SiteQuestionTypeSchema }),
    topics: z.array(z.string()),
    input: z.object({ text: z.string(), raw: z.string() }),
    thread: z.object({ id: z.string(), previous: z.string() }).optional(),
    session: SiteInsightsSessionSchema.optional(),
    feedback: z.object({ rating: z.union([z.literal(-1), z.literal(1)]) }).optional(),
    responseId: z.string(),
    language: z.string(),
    answered: SiteQuestionAnswerResolutionSchema,
    helpfulness: SiteQuestionAnswerHelpfulnessSchema,
    relevance: SiteQuestionAnswerRelevanceSchema,
    channel: z.object({ type: SiteCoreChannelTypeSchema }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema.optional(),
    urls: Location,
  })
  .openapi("SiteQuestionAnswer");

/** The answer's response as an AIMessage: one final-answer step whose content is the answer's document. */
export const AIMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(["user", "assistant", "developer"]),
    steps: z.array(
      z.object({
        content: z.record(z.string(), z.unknown()).optional(),
        phase: z.enum(["commentary", "final_answer"]).optional(),
      }),
    ),
    response: z.object({ id: z.string().optional(), previous: z.string().optional() }).optional(),
    createdAt: z.string().optional(),
  })
  .openapi("AIMessage");

export const SiteQuestionAnswerWithResponseSchema = SiteQuestionAnswerSchema.extend({
  response: AIMessageSchema,
}).openapi("SiteQuestionAnswerWithResponse");

export type SiteQuestion = z.infer<typeof SiteQuestionSchema>;
export type SiteQuestionAnswer = z.infer<typeof SiteQuestionAnswerSchema>;
export type SiteQuestionAnswerWithResponse = z.infer<typeof SiteQuestionAnswerWithResponseSchema>;
export type SiteQuestionAnswerSourcePage = z.infer<typeof SiteQuestionAnswerSourcePageSchema>;

/** Filters the question and stats reads share. */
const Filters = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  relevance: queryArray(SiteQuestionAnswerRelevanceSchema),
  channelType: queryArray(SiteChannelTypeSchema),
  answered: queryArray(SiteQuestionAnswerResolutionSchema),
};

export const QuestionStatsQuery = z.object({ ...Filters, topic: queryArray(z.string().max(128)) });
export const QuestionQuery = z.object(Filters);
export const QuestionListQuery = z.object({
  ...Filters,
  topic: queryArray(z.string().max(128)),
  type: SiteQuestionTypeSchema.optional(),
  order: z.enum(["asc", "desc"]).optional(),
  sort: z.enum(["askedAt", "stats.answered", "stats.feedback", "stats.answers"]).optional(),
});
export const AnswerListQuery = z.object({
  ...Filters,
  question: z.string().max(128).optional(),
  language: z.string().max(35).optional(),
  helpfulness: SiteQuestionAnswerHelpfulnessSchema.optional(),
  "question.type": SiteQuestionTypeSchema.optional(),
  topic: z.string().max(128).optional(),
  thread: z.string().max(128).optional(),
});

export const SiteQuestionParams = z.object({
  organizationId: z.string(),
  siteId: z.string().min(1).max(128),
  siteQuestionId: z.string().min(1).max(128),
});
export const SiteQuestionAnswerParams = z.object({
  organizationId: z.string(),
  siteId: z.string().min(1).max(128),
  siteQuestionAnswerId: z.string().min(1).max(128),
});
