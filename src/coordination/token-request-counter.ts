import { DurableObject } from "cloudflare:workers";
import type { TokenRequestCounts, WindowCount } from "../env";

/**
 * One instance per API token (named by the token's hash): counts the token's requests in fixed windows, so the
 * per-token rate limit costs no D1 write. The count lives in memory: an instance is only evicted after it has
 * been idle, so a lost count belongs to a window that was quiet anyway (see README, "Rate limits").
 */
export class TokenRequestCounter extends DurableObject implements TokenRequestCounts {
  #window = -1;
  #count = 0;

  count(windowSeconds: number): WindowCount {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    if (window !== this.#window) {
      this.#window = window;
      this.#count = 0;
    }
    this.#count += 1;
    return { count: this.#count, resetAt: (window + 1) * windowSeconds };
  }
}
