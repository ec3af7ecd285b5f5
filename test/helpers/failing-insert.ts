import { env } from "cloudflare:workers";

/**
 * Runs `fn` while every INSERT into `table` fails (a trigger raising in the test's D1), to inject a failure
 * in the middle of a write and check that nothing of it landed. The trigger is dropped afterwards.
 */
export async function withFailingInsert<T>(table: string, fn: () => Promise<T>): Promise<T> {
  const name = `fail_${table}_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ).run();
  try {
    return await fn();
  } finally {
    await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  }
}

/** How many spaces the organization holds, deleted or not (a space left outside any site is counted too). */
export async function spaceCount(organizationId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM spaces WHERE organization_id = ?")
    .bind(organizationId)
    .first<{ n: number }>();
  return row!.n;
}
