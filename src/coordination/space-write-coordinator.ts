import { DurableObject } from "cloudflare:workers";
import type { SpaceWriteTurns } from "../env";

/** How long one writer may hold a space's turn before the next one is let in (the compare-and-set still guards it). */
export const TURN_LEASE_MS = 30_000;
/** How long a writer waits for its turn before it is told to go ahead without one. */
export const TURN_WAIT_MS = 60_000;

/** "done": the write ran in its turn. "busy": no turn came within TURN_WAIT_MS; the write did not run. */
export type TurnOutcome = "done" | "busy";

/**
 * One instance per space (named by the space id): hands out turns to write that space's content, one writer
 * at a time, first come first served. It stores nothing; its state is the queue in memory, so an evicted
 * instance only loses waiters, whose calls then fail and who write without a turn.
 *
 * The writer passes its write as a function; the turn lasts while that RPC callback runs in the writer's
 * Worker. A Worker that dies or whose client goes away breaks the callback, which ends the turn at once; a
 * writer that hangs loses its turn after TURN_LEASE_MS. Input gates do not serialize across the awaited
 * callback (it is outside I/O), which is why the queue is explicit.
 */
export class SpaceWriteCoordinator extends DurableObject implements SpaceWriteTurns {
  /** Instance fields so that tests can shorten them (runInDurableObject). */
  leaseMs = TURN_LEASE_MS;
  waitMs = TURN_WAIT_MS;
  #holder: symbol | null = null;
  #waiting: { id: symbol; grant: () => void }[] = [];

  async runTurn(write: () => Promise<unknown>): Promise<TurnOutcome> {
    const id = Symbol("turn");
    if (!(await this.#acquire(id))) return "busy";
    let lease: ReturnType<typeof setTimeout> | undefined;
    try {
      const expired = new Promise<void>((resolve) => (lease = setTimeout(resolve, this.leaseMs)));
      // The writer's own outcome (including its errors) stays in its Worker; here only the end of the turn matters.
      await Promise.race([(async () => write())().catch(() => undefined), expired]);
    } finally {
      clearTimeout(lease);
      this.#release(id);
    }
    return "done";
  }

  /** Queue position and turn holder, for tests and diagnostics. */
  async state(): Promise<{ holding: boolean; waiting: number }> {
    return { holding: this.#holder !== null, waiting: this.#waiting.length };
  }

  #acquire(id: symbol): Promise<boolean> {
    if (this.#holder === null) {
      this.#holder = id;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting = this.#waiting.filter((w) => w.id !== id);
        resolve(false);
      }, this.waitMs);
      this.#waiting.push({
        id,
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      });
    });
  }

  #release(id: symbol): void {
    if (this.#holder !== id) return;
    const next = this.#waiting.shift();
    this.#holder = next?.id ?? null;
    next?.grant();
  }
}
