import type { ServiceContext } from "../core";

/**
 * Runs a write to a space's content (a change request's head or the space's primary content) in that space's
 * turn, so concurrent writers queue instead of racing each other's compare-and-set and being refused.
 *
 * The turn comes from the space's SpaceWriteCoordinator (env.SPACE_WRITES). The write gets a context whose
 * `now` is taken when its turn starts, so timestamps follow commit order. Without the binding, when no turn
 * comes in time, or when the coordinator cannot be reached, the write runs without a turn: the compare-and-set
 * in its commit still keeps it from losing anyone's write, and its own retries absorb a race or two. Reads
 * never come here.
 */
export async function withSpaceWriteTurn<T>(
  ctx: ServiceContext,
  spaceId: string,
  write: (turnCtx: ServiceContext) => Promise<T>,
): Promise<T> {
  const coordinators = ctx.env.SPACE_WRITES;
  if (!coordinators) return write(ctx);
  let running: Promise<T> | undefined;
  let started!: () => void;
  const turnStarted = new Promise<void>((resolve) => (started = resolve));
  // An async wrapper, so that a binding that throws at once is handled like one whose call fails.
  const turn = (async () =>
    coordinators.getByName(spaceId).runTurn(() => {
      // The write runs at most once, whatever the coordinator does with the callback.
      if (running) return Promise.resolve();
      running = write({ ...ctx, now: Date.now() });
      started();
      return running.then(
        () => undefined,
        () => undefined,
      );
    }))();
  // Whichever comes first: our turn begins, or the coordinator answers without running us (busy, unreachable).
  await Promise.race([
    turnStarted,
    turn.then(
      () => undefined,
      (error: unknown) => {
        if (!running) console.warn(`space write coordinator unreachable for ${spaceId}; writing without a turn`, error);
      },
    ),
  ]);
  // The turn ends when the callback returns to the coordinator; the answer need not wait for its reply.
  if (running) return running;
  return write({ ...ctx, now: Date.now() });
}
