// The loop guard's budget and the prelude's export names, apart from loop-guard.ts (which parses with acorn) so
// that wrapper.ts can read them without loading the parser.

/** Loop iterations one delivery may run, all loops together: far above what an event handler needs. */
export const LOOP_ITERATION_BUDGET = 20_000_000;
/** What the prelude (wrapper.ts) exports for guarded code. */
export const LOOP_TICK_EXPORT = "loopTick";
export const LOOP_CHECK_EXPORT = "loopCheck";
