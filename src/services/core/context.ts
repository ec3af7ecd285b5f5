import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { forbidden, unauthorized } from "../../lib/errors";
import type { MemberRole, ScopedCaller, VisitorPass } from "./caller";

/**
 * Roles granted to a user on spaces, collections and sites, directly or through their teams (the strongest per
 * resource), read with their token (services/people/tokens.ts).
 */
export interface CallerGrants {
  spaces: Map<string, MemberRole>;
  collections: Map<string, MemberRole>;
  sites: Map<string, MemberRole>;
}

/**
 * Who is calling: a user authenticated by an API token, an integration by a scoped token, or nobody; any may also
 * hold a visitor pass (a share key or visitor JWT of a published site: services/access/visitor-pass.ts).
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
  | ScopedCaller
  | { kind: "anonymous"; visitor?: VisitorPass };

export type UserCaller = Extract<Caller, { kind: "user" }>;

/** Absolute bases for `urls.location` (API) and `urls.app` (the app). */
export interface UrlBases {
  api: string;
  app: string;
  /** INTEGRATIONS_URL: where integrations' public endpoints and published scripts are served (default `api`). */
  integrations?: string;
  /** SITES_URL: where published sites are served, `/~site/{siteId}` (default `api`). */
  sites?: string;
  /** Whether sites' DNS-verified custom hosts are served (PUBLIC_API_URL set: src/site/hosts.ts). */
  customHosts?: boolean;
}

/** Everything a service needs; built per request (or per job/cron run). Nothing HTTP-specific. */
export interface ServiceContext {
  db: Db;
  env: Env;
  caller: Caller;
  urls: UrlBases;
  now: number;
  /**
   * The caller's user id as an SQL expression, for a statement that rides the request's token read (routes with
   * `authInFirstRead` learn their caller only once their first batch is back). Absent outside requests with a token.
   */
  callerUserIdSql?: SQL;
  /**
   * Runs `task` after the response is sent (a request's `waitUntil`), for work the caller need not wait for
   * but that should happen now (e.g. indexing a small change to main). Absent (jobs, cron, scripts): await it.
   */
  defer?: (task: Promise<unknown>) => void;
  /**
   * Runs the subscribers of content events this context just wrote, now (services/core/outbox.ts `announce`):
   * a request runs them after its response, a job awaits them. Their queued job runs them again later (they are
   * idempotent). Absent (scripts, tests): the queue alone delivers them.
   */
  dispatch?: (eventIds: string[]) => Promise<void>;
}

/**
 * The caller as a person: 401 without a token; 403 for an integration's token, which acts for no person
 * (operations about the caller's own account, or that record a person as author, need a personal token).
 */
export function requireUser(caller: Caller): UserCaller {
  if (caller.kind === "scoped") {
    throw forbidden("This operation needs a personal API token: integration tokens do not act as a person");
  }
  if (caller.kind !== "user") throw unauthorized();
  return caller;
}

/**
 * For reads a caller may not make: an anonymous caller learns nothing about what it may not read (401, as for a
 * missing token); a site API token is a credential, and what it may not read is not found (the caller's 404).
 */
export function requireCredential(caller: Caller): void {
  if (caller.kind === "anonymous" && !caller.visitor?.exclusive) throw unauthorized();
}

/**
 * The caller of a write that records who made it: a user, or an integration's installation token (`userId`
 * null: the write has no person as author). 401 without a token; 403 for an integration token without an
 * installation (it acts on no content).
 */
export function requireActor(caller: Caller): { userId: string | null } {
  if (caller.kind === "scoped") {
    if (!caller.installation) throw forbidden("An integration token acts on no content; use an installation token");
    return { userId: null };
  }
  return requireUser(caller);
}

/**
 * The caller's role as a member of an organization: a role, null for a guest, undefined when not a member (and
 * for scoped callers, which are members of nothing: their access is access/scoped-access.ts's).
 */
export function memberRole(caller: Caller, organizationId: string): MemberRole | undefined {
  return caller.kind === "user" ? caller.memberships.get(organizationId) : undefined;
}

export type { ScopedCaller, TokenInstallation } from "./caller";
