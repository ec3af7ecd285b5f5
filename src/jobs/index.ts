import type { Env, JobMessage } from "../env";
import { createDb } from "../db/client";
import { RetryLater } from "../services/core";
import { runJob } from "./registry";

/**
 * Queue consumer: each message names a job row; the job's kind picks its runner. Messages are acked one by
 * one; a failing job is retried with exponential backoff and, past max_retries, lands in the dead-letter
 * queue, whose consumer records the failure on the job.
 */
export async function queue(batch: MessageBatch<JobMessage>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  const deadLetters = batch.queue.endsWith("-dlq");
  for (const message of batch.messages) {
    try {
      await runJob({ db, env, now: Date.now() }, message.body.jobId, { deadLetter: deadLetters });
      message.ack();
    } catch (error) {
      console.error(JSON.stringify({ jobId: message.body?.jobId, attempts: message.attempts, error: String(error) }));
      // A runner may set its own backoff (RetryLater); otherwise 2^attempts seconds, at most 5 minutes.
      const delaySeconds =
        error instanceof RetryLater ? Math.round(error.delaySeconds) : Math.min(2 ** message.attempts, 300);
      message.retry({ delaySeconds: Math.max(0, Math.min(delaySeconds, 300)) });
    }
  }
}
