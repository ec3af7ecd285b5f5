import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import type { ServiceContext } from "./context";

/**
 * Writes that move a space's content (change-request writes, merges, updates, writes to main) take turns per
 * space, so that parallel writers (bulk importers, agents) all succeed instead of losing compare-and-set races
 * and answering 409. The turn is a lease held in a Durable Object per space: one instance per space name, and a
 * Durable Object runs one thing at a time, so its in-memory queue needs no locking. The compare-and-set in the
 * commit stays the safety net (a lease that expired under a slow writer, a deployment without the binding).
 * Reads never touch it.
 */
export const SPACE_WRITE_LEASE_MS = 15_000;

interface Lease {
  token: string;
  expiresAt: number;
}

export class SpaceWriteCoordinator extends DurableObject<Env> {
  private holder: Lease | undefined;
  /** Writers waiting for the turn, first come first served. */
  private readonly waiting: Array<() => void> = [];

  /** Resolves when the caller holds the space's turn; the lease lapses after `leaseMs` if never released. */
  async acquire(leaseMs: number): Promise<string> {
    const lease = Math.min(Math.max(1, leaseMs), 60_000);
    while (this.holder && this.holder.expiresAt > Date.now()) {
      const wait = this.holder.expiresAt - Date.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, wait);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.waiting.push(wake);
      });
    }
    const token = crypto.randomUUID();
    this.holder = { token, expiresAt: Date.now() + lease };
    return token;
  }

  /** Ends a turn (a stale token, from a lease that lapsed, changes nothing) and wakes the next writer. */
  release(token: string): void {
    if (this.holder?.token !== token) return;
    this.holder = undefined;
    this.waiting.shift()?.();
  }
}

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
