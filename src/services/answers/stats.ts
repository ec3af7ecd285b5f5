import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { siteQuestionAnswers as a } from "../../db/schema";

// Filters of the site-question reads and the reference's SiteQuestionStats, aggregated in SQL.

export const QUESTION_TYPES = ["exploring", "how-to", "troubleshooting", "reference", "unknown"] as const;
export const RELEVANCES = ["relevant", "spam", "off-topic", "unclear"] as const;
export const RESOLUTIONS = ["no", "partially", "yes"] as const;

export interface AnswerFilters {
  from?: string;
  to?: string;
  relevance?: string[];
  channelType?: string[];
  answered?: string[];
  /** Site topics: Quire classifies no topics yet, so a topic filter matches no answer. */
  topic?: string[];
  questionType?: string;
}

const epoch = (iso: string) => Date.parse(iso);

/** The answers the filters select (of one site; the caller adds it). */
export function answerConditions(f: AnswerFilters): SQL | undefined {
  return and(
    f.from ? gte(a.createdAt, epoch(f.from)) : undefined,
    f.to ? lte(a.createdAt, epoch(f.to)) : undefined,
    f.relevance?.length ? inArray(a.relevance, f.relevance) : undefined,
    f.channelType?.length ? inArray(a.channel, f.channelType) : undefined,
    f.answered?.length ? inArray(a.answered, f.answered) : undefined,
    f.topic?.length ? sql`0` : undefined,
    f.questionType ? eq(a.questionType, f.questionType) : undefined,
  );
}

/** Whether the filters narrow the answers beyond their time range (then a question needs a matching answer). */
export const narrowsAnswers = (f: AnswerFilters) =>
  !!(f.relevance?.length || f.channelType?.length || f.answered?.length || f.topic?.length);

const WEEK_MS = 7 * 24 * 3600 * 1000;
export const PULSE_WEEKS = 13;

/** One group of answers by the stats' dimensions (one statement's row). */
export interface StatsRow {
  questionId: string;
  questionType: string;
  channel: string;
  answered: string;
  relevance: string;
  rating: number | null;
  week: number | null;
  answers: number;
}

/** The answer's week before `now` (0: the last 7 days) within the pulse, else null; integer (bound numbers are REAL). */
const weekOf = (now: number) =>
  sql<
    number | null
  >`CASE WHEN ${a.createdAt} > ${now - PULSE_WEEKS * WEEK_MS} THEN CAST((${now} - ${a.createdAt}) / ${WEEK_MS} AS INTEGER) END`;

/** The grouped rows the stats are folded from: per question, by every counted dimension and pulse week. */
export function statsColumns(now: number) {
  return {
    questionId: a.questionId,
    questionType: a.questionType,
    channel: a.channel,
    answered: a.answered,
    relevance: a.relevance,
    rating: a.rating,
    week: weekOf(now).mapWith((v) => (v === null ? null : Number(v))),
    answers: sql<number>`count(*)`.mapWith(Number),
  };
}

export const statsGroup = (now: number) => [
  a.questionId,
  a.questionType,
  a.channel,
  a.answered,
  a.relevance,
  a.rating,
  weekOf(now),
];

export interface SiteQuestionStatsView {
  total: number;
  answers: number;
  feedback: { positive: number; negative: number; unrated: number };
  answered: { yes: number; partially: number; no: number };
  relevance: Record<(typeof RELEVANCES)[number], number>;
  types: Record<(typeof QUESTION_TYPES)[number], number>;
  channelTypes: Record<string, number>;
  channels: Record<string, number>;
  weeklyPulse: number[];
}

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Folds grouped rows into SiteQuestionStats; `total` counts distinct questions (types: per question). */
export function foldStats(rows: StatsRow[]): SiteQuestionStatsView {
  const stats: SiteQuestionStatsView = {
    total: 0,
    answers: 0,
    feedback: { positive: 0, negative: 0, unrated: 0 },
    answered: { yes: 0, partially: 0, no: 0 },
    relevance: zeroes(RELEVANCES),
    types: zeroes(QUESTION_TYPES),
    channelTypes: {},
    channels: {},
    // Oldest week first, the current week last.
    weeklyPulse: new Array(PULSE_WEEKS).fill(0),
  };
  const questions = new Map<string, string>();
  for (const r of rows) {
    questions.set(r.questionId, r.questionType);
    stats.answers += r.answers;
    if (r.rating === 1) stats.feedback.positive += r.answers;
    else if (r.rating === -1) stats.feedback.negative += r.answers;
    else stats.feedback.unrated += r.answers;
    if (r.answered in stats.answered) stats.answered[r.answered as keyof typeof stats.answered] += r.answers;
    if (r.relevance in stats.relevance) stats.relevance[r.relevance as keyof typeof stats.relevance] += r.answers;
    stats.channelTypes[r.channel] = (stats.channelTypes[r.channel] ?? 0) + r.answers;
    if (r.week !== null && r.week >= 0 && r.week < PULSE_WEEKS)
      stats.weeklyPulse[PULSE_WEEKS - 1 - r.week]! += r.answers;
  }
  stats.total = questions.size;
  for (const type of questions.values()) {
    if (type in stats.types) stats.types[type as keyof typeof stats.types] += 1;
  }
  return stats;
}
