import type { Env, JobMessage } from "../env";
import { createDb } from "../db/client";
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
      message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) });
    }
  }
}
