import { DurableObject } from "cloudflare:workers";
import type { RequestLease, TokenRequestCounts } from "../env";

/**
 * One instance per API token (named by the token's hash): the token's request budget per fixed window, handed
 * out to isolates in leases (coordination/token-budgets.ts), so the per-token rate limit costs no D1 write and
 * no call per request. The count lives in memory: an instance is only evicted after it has been idle, so a lost
 * count belongs to a window that was quiet anyway (see README, "Rate limits").
 */
export class TokenRequestCounter extends DurableObject implements TokenRequestCounts {
  #window = -1;
  #leased = 0;

  lease(windowSeconds: number, want: number, limit: number): RequestLease {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    if (window !== this.#window) {
      this.#window = window;
      this.#leased = 0;
    }
    const granted = Math.max(0, Math.min(want, limit - this.#leased));
    this.#leased += granted;
    return { granted, leased: this.#leased, resetAt: (window + 1) * windowSeconds };
  }
}
