import { eq, inArray } from "drizzle-orm";
import { contentEvents } from "../db/schema";
import {
  type ContentEventKind,
  type ContentEventSubscriber,
  deploymentUrls,
  type JobContext,
  type JobRow,
  type SubscriberContext,
  type UrlBases,
} from "../services/core";

/*
 * Running the subscribers of content events (services/core/outbox.ts): from the `content-event` job, and inline
 * right after the write. Which subscribers each kind has is the registry's (CONTENT_EVENT_SUBSCRIBERS).
 */

export type ContentEventSubscribers = Record<ContentEventKind, ContentEventSubscriber[]>;

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * The `content-event` job: loads the event and runs every subscriber of its kind, one after the other. The
 * result is theirs merged; one failing does not stop the others, and the job throws at the end when any failed
 * (the queue retries it, and every subscriber runs again: each is idempotent by event id).
 */
export async function runContentEventJob(
  ctx: JobContext,
  job: JobRow,
  subscribers: ContentEventSubscribers,
): Promise<Record<string, unknown>> {
  const eventId = String(job.payload.eventId ?? "");
  const [event] = await ctx.db.select().from(contentEvents).where(eq(contentEvents.id, eventId)).limit(1);
  if (!event) return { eventId, skipped: "no such event" };
  const urls = (job.payload.urls as UrlBases | undefined) ?? deploymentUrls(ctx.env);
  const result: Record<string, unknown> = {};
  const failed: string[] = [];
  for (const subscriber of subscribers[event.kind as ContentEventKind] ?? []) {
    try {
      Object.assign(result, await subscriber.run({ ...ctx, urls }, event, "job"));
    } catch (error) {
      failed.push(`${subscriber.name}: ${messageOf(error)}`);
    }
  }
  if (failed.length) throw new Error(`Content event ${eventId} (${event.kind}): ${failed.join("; ")}`);
  return result;
}

/**
 * Runs the subscribers of just-written events in `inline` mode, without claiming their jobs (which still run
 * later). Best effort: a failure is logged, never thrown (the job does the work).
 */
export async function dispatchContentEvents(
  ctx: SubscriberContext,
  eventIds: string[],
  subscribers: ContentEventSubscribers,
): Promise<void> {
  if (!eventIds.length) return;
  try {
    const events = await ctx.db.select().from(contentEvents).where(inArray(contentEvents.id, eventIds));
    for (const event of events) {
      for (const subscriber of subscribers[event.kind as ContentEventKind] ?? []) {
        try {
          await subscriber.run(ctx, event, "inline");
        } catch (error) {
          const message = `inline ${subscriber.name} subscriber failed: ${messageOf(error)}`;
          console.error(JSON.stringify({ eventId: event.id, kind: event.kind, error: message }));
        }
      }
    }
  } catch (error) {
    console.error(JSON.stringify({ eventIds, error: `inline dispatch failed: ${messageOf(error)}` }));
  }
}
