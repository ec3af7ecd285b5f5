import { env } from "cloudflare:workers";
import { StorageUploadKind } from "gitbook-api-current";
import { expect, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { runJob } from "../../src/jobs/registry";
import { RetryLater } from "../../src/services/core/jobs";
import type { ServiceContext } from "../../src/services/core/context";
import { currentClient } from "./current-client";
import { workerFetch } from "./http";

// Helpers of the import-run tests (test/routes/import-runs*.test.ts).

export const origin = env.FIXTURE_ORIGIN;
export const db = createDb(env.DB);
export type Cc = ReturnType<typeof currentClient>;
export type Page = { id: string; title: string; pages?: Page[] };
export type Run = Omit<Awaited<ReturnType<Cc["org"]["getImportRun"]>>["data"], "pages"> & {
  progress: { pagesTotal: number; pagesDone: number; pagesFailed: number };
  pages: { id: string; title: string; status: string; error?: string; sourceURL?: string }[];
  cancelRequested: boolean;
};

export const jobOf = async (runId: string) =>
  (await env.DB.prepare("SELECT job_id FROM import_runs WHERE id = ?").bind(runId).first<{ job_id: string }>())!.job_id;

/**
 * Runs the run's job here (the queue may run it too: the claim is a compare-and-set) and waits for its end. When
 * the queue's consumer holds the job, runJob asks for a retry after that claim's lease (RetryLater): the wait
 * below sees the consumer's run end instead.
 */
export async function finished(gb: Cc, orgId: string, runId: string): Promise<Run> {
  await runJob({ db, env, now: Date.now() }, await jobOf(runId), { deadLetter: false }).catch((error) => {
    if (!(error instanceof RetryLater)) throw error;
  });
  return vi.waitUntil(
    async () => {
      const run = (await gb.org.getImportRun(orgId, runId)).data as unknown as Run;
      return ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    { timeout: 15_000, interval: 100 },
  );
}

export const titles = (pages: Page[]) => pages.map((p) => p.title);
export const markdownOf = async (gb: Cc, spaceId: string, pageId: string) =>
  ((await gb.spaces.getPageById(spaceId, pageId, { format: "markdown" as never })).data as { markdown: string })
    .markdown;

export async function uploadImportFile(token: string, orgId: string, name: string, type: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const { data } = await currentClient(token).orgs.generateStorageUploadUrl(orgId, {
    kind: StorageUploadKind.ImportFile,
    file: { name, type, size: bytes.byteLength },
  });
  const res = await workerFetch(data.url, { method: "PUT", body: bytes, headers: { "content-type": type } });
  expect(res.status).toBe(204);
  return data.key;
}

/**
 * An admin's service context whose queue sends stay in `sent`: a test that runs a run's job itself, alone (the
 * real queue would race it), calls startImportRun through it.
 */
export function queuelessContext(owner: { user: { id: string }; tokenId: string }, organizationId: string) {
  const sent: unknown[] = [];
  const jobsEnv = new Proxy(env, {
    get: (target, prop) =>
      prop === "JOBS" ? { send: async (m: unknown) => void sent.push(m) } : Reflect.get(target, prop),
  }) as never;
  const ctx: ServiceContext = {
    db,
    env: jobsEnv,
    caller: {
      kind: "user",
      userId: owner.user.id,
      tokenId: owner.tokenId,
      memberships: new Map([[organizationId, "admin"]]),
    },
    urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
    now: Date.now(),
  };
  return { ctx, env: jobsEnv, sent };
}
