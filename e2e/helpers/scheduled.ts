// `GET /__scheduled?cron=…` against a running `wrangler dev` (README "Scheduled tasks locally"): each of
// wrangler.toml's two schedules runs its task to its end, seen in the local D1 it changed.
import { expect } from "vitest";
import type { DevServer } from "./dev-server";

const DAY_MS = 24 * 60 * 60 * 1000;

function sql(server: DevServer, command: string): Record<string, unknown>[] {
  const out = server.run("wrangler", [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    server.persist,
    "--json",
    "--command",
    command,
  ]);
  return JSON.parse(out)[0].results;
}

const trigger = (server: DevServer, cron: string) =>
  fetch(`${server.origin}/__scheduled?cron=${cron.replaceAll(" ", "+")}`);

/** The daily purge removes a space deleted eight days ago; the ten-minute sweep gives up on a long-stuck job. */
export async function expectScheduledTasksRun(server: DevServer, token: string, organizationId: string) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const created = await fetch(`${server.origin}/v1/orgs/${organizationId}/spaces`, {
    method: "POST",
    headers,
    body: JSON.stringify({ title: "Deleted long ago" }),
  });
  expect(created.status).toBe(201);
  const { id: spaceId } = (await created.json()) as { id: string };
  expect((await fetch(`${server.origin}/v1/spaces/${spaceId}`, { method: "DELETE", headers })).status).toBe(204);
  sql(server, `UPDATE spaces SET deleted_at = ${Date.now() - 8 * DAY_MS} WHERE id = '${spaceId}'`);

  const daily = await trigger(server, "0 3 * * *");
  expect(daily.status).toBe(200);
  expect(await daily.text()).toContain("Ran scheduled event");
  expect(sql(server, `SELECT id FROM spaces WHERE id = '${spaceId}'`)).toEqual([]);

  const old = Date.now() - 60 * 60 * 1000;
  sql(
    server,
    `INSERT INTO jobs (id, kind, status, payload, attempts, resends, created_at, updated_at)
     VALUES ('e2e-stuck-job', 'purge-deleted-spaces', 'pending', '{}', 0, 5, ${old}, ${old})`,
  );
  const sweep = await trigger(server, "*/10 * * * *");
  expect(sweep.status).toBe(200);
  expect(sql(server, "SELECT status, error FROM jobs WHERE id = 'e2e-stuck-job'")).toEqual([
    { status: "failed", error: expect.stringContaining("Gave up") },
  ]);

  // A schedule wrangler.toml does not declare says which ones it does.
  const unknown = await trigger(server, "* * * * *");
  expect(unknown.status).toBe(400);
  expect(await unknown.text()).toContain("?cron=0+3+*+*+*");
}
