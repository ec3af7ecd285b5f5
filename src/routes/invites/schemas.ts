import { z } from "@hono/zod-openapi";

export const InviteParams = z.object({ organizationId: z.string(), inviteId: z.string() });

/** ISO timestamp (or null) from a body → epoch ms (or null); undefined stays undefined. */
export function epochMs(value: string | null | undefined): number | null | undefined {
  return value == null ? value : Date.parse(value);
}
