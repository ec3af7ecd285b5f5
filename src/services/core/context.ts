import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { unauthorized } from "../../lib/errors";
import type { MemberRole } from "../access/roles";
import type { VisitorPass } from "../access/visitor-pass";

/**
 * Roles granted to a user on spaces and collections, directly or through their teams (the strongest per
 * resource), read with their token (services/people/tokens.ts).
 */
export interface CallerGrants {
  spaces: Map<string, MemberRole>;
  collections: Map<string, MemberRole>;
}

/**
 * Who is calling: a user authenticated by an API token, or nobody; either may also hold a visitor pass (a share
 * key or visitor JWT of a published site: services/access/visitor-pass.ts).
 */
export type Caller =
  | {
      kind: "user";
      userId: string;
      tokenId: string;
      memberships: Map<string, MemberRole>;
      /** Absent: none (callers built outside a request, e.g. to ask what another user may do). */
      grants?: CallerGrants;
      visitor?: VisitorPass;
    }
  | { kind: "anonymous"; visitor?: VisitorPass };

export type UserCaller = Extract<Caller, { kind: "user" }>;

/** Absolute bases for `urls.location` (API) and `urls.app` (the app). */
export interface UrlBases {
  api: string;
  app: string;
}

/** Everything a service needs; built per request (or per job/cron run). Nothing HTTP-specific. */
export interface ServiceContext {
  db: Db;
  env: Env;
  caller: Caller;
  urls: UrlBases;
  now: number;
  /**
   * Runs `task` after the response is sent (a request's `waitUntil`), for work the caller need not wait for
   * but that should happen now (e.g. indexing a small change to main). Absent (jobs, cron, scripts): await it.
   */
  defer?: (task: Promise<unknown>) => void;
}

export function requireUser(caller: Caller): UserCaller {
  if (caller.kind !== "user") throw unauthorized();
  return caller;
}

/** The caller's standing in an organization: its role, null for a guest, undefined when not a member. */
export function organizationAccess(caller: Caller, organizationId: string): MemberRole | undefined {
  return caller.kind === "user" ? caller.memberships.get(organizationId) : undefined;
}
