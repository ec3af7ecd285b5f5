import type { ServiceContext } from "./context";

/**
 * Writes that move a space's content (change-request writes, merges, updates, writes to main) take turns per
 * space through a Durable Object (src/durable/space-write-coordinator.ts), so parallel writers all succeed
 * instead of losing compare-and-set races. This module only reaches it through the binding: it runs in Node
 * too (scripts, the OpenAPI dump), where `cloudflare:workers` does not exist.
 */
export const SPACE_WRITE_LEASE_MS = 15_000;

/**
 * Runs `write` while holding the space's write turn. Without the binding (scripts, other hosts) it runs at
 * once and relies on the compare-and-set alone.
 */
export async function withSpaceWriteTurn<T>(ctx: Pick<ServiceContext, "env">, spaceId: string, write: () => Promise<T>): Promise<T> {
  const namespace = ctx.env.SPACE_WRITES;
  if (!namespace) return write();
  const coordinator = namespace.get(namespace.idFromName(spaceId));
  const token = await coordinator.acquire(SPACE_WRITE_LEASE_MS);
  try {
    return await write();
  } finally {
    await coordinator.release(token).catch((error: unknown) => {
      // The lease lapses on its own; the next writer waits at most that long.
      console.error(JSON.stringify({ spaceId, error: `space write turn not released: ${String(error)}` }));
    });
  }
}
