import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { SPACE_WRITE_LEASE_MS } from "../services/space-write-turns";

/**
 * The per-space write turn behind services/space-write-turns.ts: parallel writers (bulk importers, agents)
 * take turns instead of losing compare-and-set races and answering 409. One instance per space name; a
 * Durable Object runs one thing at a time, so its in-memory queue needs no locking. The turn is a lease, so a
 * writer that dies frees the space on its own; the compare-and-set in the commit stays the safety net (a lease
 * that lapsed under a slow writer, a deployment without the binding). Reads never touch it.
 */
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
