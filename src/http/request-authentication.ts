import type { Db } from "../db/client";
import type { WindowCount } from "../env";
import { unauthorized } from "../lib/errors";
import type { ScopedCaller, UserCaller } from "../services/core";
import {
  type AuthenticatedToken,
  authenticatedToken,
  authenticationRead,
  type AuthenticationRow,
  type KnownTokenRow,
} from "../services/people";

/**
 * A bearer token of this request, authenticated once: by its own read batch, or by riding the first read
 * batch of a route that opts in (`authInFirstRead`), so that such a read costs one D1 round trip in all.
 */
export class RequestAuthentication {
  readonly read: ReturnType<typeof authenticationRead>;
  /** The token was found unknown or revoked and the request answered 401. */
  rejected = false;
  #token: Promise<AuthenticatedToken | null> | undefined;
  #settled: AuthenticatedToken | null | undefined;

  constructor(
    private readonly db: Db,
    readonly tokenHash: string,
    /** The token's request count in the current window, asked for as soon as the request came in. */
    readonly counting: Promise<WindowCount> | undefined,
  ) {
    this.read = authenticationRead(db, tokenHash);
  }

  get settled(): boolean {
    return this.#settled !== undefined;
  }

  /** The authenticated user (or integration), once the token is settled and valid. */
  get caller(): UserCaller | ScopedCaller | undefined {
    const token = this.#settled;
    if (!token) return undefined;
    if (token.kind === "scoped") return token.caller;
    return {
      kind: "user",
      userId: token.userId,
      tokenId: token.tokenId,
      memberships: token.memberships,
      grants: token.grants,
    };
  }

  /**
   * The rows of `read`, fetched along with another batch. A known token whose kept access turned out stale
   * (the access generation moved) is read again in full: one more round trip, once per change.
   */
  async settle(rows: (AuthenticationRow | KnownTokenRow)[]): Promise<AuthenticatedToken | null> {
    if (this.#settled === undefined) {
      const token = authenticatedToken(this.tokenHash, rows);
      this.#settled =
        token !== undefined
          ? token
          : (authenticatedToken(
              this.tokenHash,
              (await this.db.batch(authenticationRead(this.db, this.tokenHash, true)))[0],
            ) ?? null);
    }
    return this.#settled;
  }

  /** The token, reading it on its own unless a batch already did. */
  token(): Promise<AuthenticatedToken | null> {
    if (this.#settled !== undefined) return Promise.resolve(this.#settled);
    this.#token ??= this.db.batch(this.read).then(([rows]) => this.settle(rows));
    return this.#token;
  }
}

/**
 * The request's database for a route whose token rides its first read batch: until the token is settled,
 * every `batch` carries the authentication read in front and settles the token from their results (an
 * unknown token ends the request with 401 right there). Statements outside a batch run as they are; the
 * token is checked before the response in any case (http/auth.ts).
 */
export function authenticatingDb(db: Db, authentication: RequestAuthentication): Db {
  const batch: Db["batch"] = async (queries) => {
    if (authentication.settled) return db.batch(queries);
    const [rows, ...results] = await db.batch([...authentication.read, ...queries]);
    if (!(await authentication.settle(rows as (AuthenticationRow | KnownTokenRow)[]))) {
      throw unauthorized("The API token is unknown or has been revoked");
    }
    return results as Awaited<ReturnType<Db["batch"]>>;
  };
  return Object.assign(Object.create(db) as Db, { batch });
}
