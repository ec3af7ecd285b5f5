import { sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import type { ServiceContext } from "../core";
import { INTEGRATION_EVENT_JOB_KIND, sendEventMessages } from "./events";

/**
 * The `space.content.updated` subscriber (registered in src/jobs/registry.ts): `space_content_updated` for every
 * installation enabled on the space. Idempotent by content event: event ids are `<content event>-<installation>`
 * and job ids `ev-<event>`, both inserted OR IGNORE, and messages are sent only for the jobs this run inserted,
 * so the inline run and the queued job (or a redelivery) deliver each event once.
 */
export async function queueSpaceContentUpdated(
  ctx: Pick<ServiceContext, "db" | "env" | "now" | "urls">,
  event: { id: string; spaceId: string | null; revisionId: string | null },
): Promise<{ integrationEvents: number }> {
  if (!event.spaceId) return { integrationEvents: 0 };
  const eventIds = sql`SELECT ${event.id} || '-' || installation_id FROM integration_space_installations
    WHERE space_id = ${event.spaceId}`;
  const [, queued] = await batch(ctx.db, [
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT OR IGNORE INTO integration_events (id, integration_name, installation_id, space_id, site_id,
        type, payload, status, attempts, logs, created_at, updated_at)
      SELECT ${event.id} || '-' || i.installation_id, i.integration_name, i.installation_id, i.space_id, NULL,
        'space_content_updated', json_object('eventId', ${event.id} || '-' || i.installation_id,
          'type', 'space_content_updated', 'installationId', i.installation_id, 'spaceId', i.space_id,
          'revisionId', ${event.revisionId}),
        'pending', 0, '[]', ${ctx.now}, ${ctx.now}
      FROM integration_space_installations i WHERE i.space_id = ${event.spaceId}`),
    ),
    inBatch(
      ctx.db,
      ctx.db.all<{
        id: string;
      }>(sql`INSERT OR IGNORE INTO jobs (id, kind, status, payload, attempts, created_at, updated_at)
      SELECT 'ev-' || e.id, ${INTEGRATION_EVENT_JOB_KIND}, 'pending',
        json_object('eventId', e.id, 'urls', json(${JSON.stringify(ctx.urls)})), 0, ${ctx.now}, ${ctx.now}
      FROM integration_events e WHERE e.id IN (${eventIds})
      RETURNING id`),
    ),
  ]);
  await sendEventMessages(
    ctx,
    queued.map((row) => ({ jobId: row.id })),
  );
  return { integrationEvents: queued.length };
}
