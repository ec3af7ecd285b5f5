import type { Env, RequestLease, WindowCount } from "../env";
import { tokenBudgets } from "../lib/isolate-caches";

/**
 * This isolate's share of each token's request budget: requests are served from a lease taken from the token's
 * counter (a Durable Object) a few dozen at a time, so a request costs a call to the counter only when its lease
 * runs out. The limit holds across isolates (no isolate serves a request it has no lease for); `count` is this
 * isolate's view of the token's standing: the requests leased to all isolates, less what this one has left.
 */
interface Budget {
  window: number;
  resetAt: number;
  granted: number;
  used: number;
  /** Requests leased to all isolates in the window, as the counter last said. */
  leased: number;
  /** The counter granted nothing: the window is spent. */
  spent: boolean;
  pending?: Promise<void>;
}

const MAX_TOKENS = tokenBudgets.bound.entries;
const budgets = tokenBudgets.store as Map<string, Budget>;

/** Leases of 5% of the limit (1 to 100 requests): small limits stay exact, large ones cost a call per lease. */
const leaseSize = (limit: number) => Math.max(1, Math.min(100, Math.ceil(limit / 20)));

function budgetFor(key: string, windowSeconds: number): Budget {
  const window = Math.floor(Date.now() / 1000 / windowSeconds);
  let budget = budgets.get(key);
  if (!budget || budget.window < window) {
    budget = { window, resetAt: (window + 1) * windowSeconds, granted: 0, used: 0, leased: 0, spent: false };
    budgets.delete(key);
    budgets.set(key, budget);
    if (budgets.size > MAX_TOKENS) budgets.delete(budgets.keys().next().value!);
  }
  return budget;
}

/** Counts one request of the token; `count` past `limit` means refuse it. */
export async function countTokenRequest(
  counters: NonNullable<Env["TOKEN_REQUESTS"]>,
  tokenHash: string,
  limit: number,
  windowSeconds: number,
): Promise<WindowCount> {
  const key = `${tokenHash}:${windowSeconds}`;
  let budget = budgetFor(key, windowSeconds);
  while (budget.used >= budget.granted && !budget.spent) {
    const waiting = budget.pending !== undefined;
    budget.pending ??= takeLease(counters, tokenHash, budget, limit, windowSeconds);
    const pending = budget.pending;
    try {
      await pending;
    } catch (error) {
      // Our own call failing means the counter is unreachable. A lease another request was taking also fails
      // when that request ends first (the Workers runtime settles no promise across requests), and then that
      // request never clears it: take a lease of our own rather than leave the token unlimited in this isolate.
      if (!waiting) throw error;
      if (budget.pending === pending) budget.pending = undefined;
    }
    budget = budgetFor(key, windowSeconds);
  }
  if (budget.used >= budget.granted) return { count: limit + 1, resetAt: budget.resetAt };
  budget.used += 1;
  return { count: budget.leased - (budget.granted - budget.used), resetAt: budget.resetAt };
}

async function takeLease(
  counters: NonNullable<Env["TOKEN_REQUESTS"]>,
  tokenHash: string,
  budget: Budget,
  limit: number,
  windowSeconds: number,
) {
  try {
    const stub = counters.get(counters.idFromName(tokenHash));
    const lease = (await stub.lease(windowSeconds, leaseSize(limit), limit)) as RequestLease;
    budget.granted += lease.granted;
    budget.leased = lease.leased;
    budget.resetAt = lease.resetAt;
    if (lease.granted === 0) budget.spent = true;
  } finally {
    budget.pending = undefined;
  }
}
