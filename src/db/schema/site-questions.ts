import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The questions asked of a site's assistant (migration 0055): one row per distinct question text of a site
 * (`normalized`: lower-cased, whitespace and trailing punctuation folded), its latest ask in `askedAt`.
 */
export const siteQuestions = sqliteTable(
  "site_questions",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    siteId: text().notNull(),
    question: text().notNull(),
    normalized: text().notNull(),
    /** SiteQuestionType: exploring | how-to | troubleshooting | reference | unknown. */
    type: text().notNull(),
    createdAt: integer().notNull(),
    askedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("site_questions_text").on(t.siteId, t.normalized),
    index("site_questions_created").on(t.siteId, t.createdAt, t.id),
  ],
);

/** One answer the assistant gave (its text as markdown); `threadId` is the first answer of its conversation. */
export const siteQuestionAnswers = sqliteTable(
  "site_question_answers",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    siteId: text().notNull(),
    questionId: text().notNull(),
    questionType: text().notNull(),
    inputText: text().notNull(),
    inputRaw: text().notNull(),
    threadId: text().notNull(),
    previousId: text(),
    language: text().notNull(),
    /** SiteQuestionAnswerResolution: yes (sources found) | no ("I don't know"). */
    answered: text().notNull(),
    helpfulness: text().notNull(),
    relevance: text().notNull(),
    /** SiteCoreChannelType: site | embed | api. */
    channel: text().notNull(),
    /** Who asked through what: api | site | mcp. */
    via: text().notNull(),
    text: text().notNull(),
    followups: text({ mode: "json" }).$type<string[]>().notNull().default([]),
    visitorId: text(),
    sessionId: text(),
    rating: integer(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    index("site_question_answers_site").on(t.siteId, t.createdAt, t.id),
    index("site_question_answers_question").on(t.questionId, t.createdAt),
    index("site_question_answers_thread").on(t.threadId, t.createdAt),
  ],
);

/** A section an answer cited, in citation order; `section` is the heading's anchor ("" for the page's top). */
export const siteQuestionAnswerSources = sqliteTable(
  "site_question_answer_sources",
  {
    id: text().primaryKey(),
    answerId: text().notNull(),
    siteId: text().notNull(),
    position: integer().notNull(),
    spaceId: text().notNull(),
    revisionId: text().notNull(),
    pageId: text().notNull(),
    title: text().notNull(),
    section: text().notNull(),
    url: text().notNull(),
    weight: real().notNull(),
  },
  (t) => [index("site_question_answer_sources_answer").on(t.answerId, t.position)],
);

/** A section embedded in Vectorize (`id`: its vector id), with the hash of the text it was embedded from. */
export const answerVectors = sqliteTable(
  "answer_vectors",
  {
    id: text().primaryKey(),
    spaceId: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [index("answer_vectors_space").on(t.spaceId)],
);
