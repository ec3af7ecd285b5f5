import { GitBookAPI } from "@gitbook/api";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../src/index";

/**
 * The Worker with a JOBS binding that records messages and never delivers them: only what a request does itself
 * (and defers to its waitUntil) happens, and a test delivers the recorded messages when and as it likes.
 */
export function undeliveredQueue() {
  const sent: { jobId: string }[] = [];
  const queue = {
    send: async (message: { jobId: string }) => void sent.push(message),
    sendBatch: async (messages: { body: { jobId: string } }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  const testEnv = { ...env, JOBS: queue } as unknown as typeof env;
  /** Each request's execution context, so that a test can wait for what it deferred. */
  const contexts: ExecutionContext[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const ctx = createExecutionContext();
    contexts.push(ctx);
    return worker.fetch(new Request(input, init) as never, testEnv as never, ctx);
  };
  const settle = () => Promise.all(contexts.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
  return {
    sent,
    /** The Worker's env with the recording JOBS, for a queue delivery of the recorded messages. */
    env: testEnv,
    fetch,
    settle,
    client: (token: string) =>
      new GitBookAPI({ endpoint: "https://api.quire.test", authToken: token, serviceBinding: { fetch } }),
  };
}
