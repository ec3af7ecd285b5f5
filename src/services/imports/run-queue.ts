import type { ServiceContext } from "../core";

/** The job kind of an import run (and of its continuations). */
export const IMPORT_RUN_JOB_KIND = "import-run";

/** Sends a run's job message; a failed send leaves the job pending, for the stuck-job sweep to re-send. */
export async function sendRunMessage(ctx: Pick<ServiceContext, "env">, message: { jobId: string }) {
  try {
    await ctx.env.JOBS.send(message);
  } catch (error) {
    console.error(JSON.stringify({ jobId: message.jobId, error: `import run not queued: ${String(error)}` }));
  }
}
