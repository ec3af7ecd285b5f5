import type { Context, MiddlewareHandler } from "hono";
import { createDb } from "../db/client";
import type { AppEnv } from "./app-env";

/*
 * The audit log's writer. Every write operation's handler runs with a database that adds one `audit_events`
 * row to the request's first D1 batch that writes (a single write statement becomes a batch of two), so the
 * event commits or rolls back with the write. A batch that changed no row (a compare-and-set that lost) takes
 * its event back: a write that did nothing, or failed, records nothing. Later batches of the same request are
 * not recorded again. Reads never pay for any of it: GETs keep the request's database as it is.
 */

/** An operation that writes, as the catalogue (listOrganizationAuditEventActions) lists it. */
export interface AuditAction {
  id: string;
  label: string;
}

const catalogue = new Map<string, AuditAction>();

/** Every audited operation, in the order the routes were defined. */
export function auditActions(): AuditAction[] {
  return [...catalogue.values()];
}

/**
 * POSTs that only read (their input is a body): not writes, so not audited. Each is named with why, and the
 * generated test (test/http/audit-catalogue.test.ts) fails on a POST, PUT, PATCH or DELETE that is in neither.
 */
export const READS_SENT_AS_POST: Record<string, string> = {
  searchSiteContent: "the query is its body",
  prewarmSiteSearch: "a hint that reads the site's search index ahead, nothing written",
  resolvePublishedContentByUrl: "the URL is its body",
  getComputedDocument: "the computed source is its body",
  getComputedRevision: "the computed source is its body",
  renderIntegrationUIWithPost: "the component's props are its body",
  aggregateSiteEvents: "the aggregation is its body",
  askInOrganization: "the question is its body; nothing is written",
  streamAskInSite: "a reader's question (visitors ask too); it records only the site's own question insights",
  streamAIResponseInSite: "a reader's message (visitors ask too); it records only the site's own question insights",
};

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);

/** Path parameters that name the organization of a write, strongest first, as SQL over the parameter's value. */
const ORGANIZATION_OF: [param: string, sql: string][] = [
  ["organizationId", "?"],
  ["spaceId", "(SELECT organization_id FROM spaces WHERE id = ?)"],
  ["collectionId", "(SELECT organization_id FROM collections WHERE id = ?)"],
  ["installationId", "(SELECT organization_id FROM integration_installations WHERE id = ?)"],
  ["integrationName", "(SELECT organization_id FROM integrations WHERE name = ?)"],
  ["hostname", "(SELECT organization_id FROM sites WHERE proxy_host = ? LIMIT 1)"],
];

/** `changeRequestId` → `change-request`, `integrationName` → `integration`, `hostname` → `custom-hostname`. */
function targetType(param: string): string {
  if (param === "hostname") return "custom-hostname";
  return param.replace(/(Id|Name|Slug|Hash|Path)$/, "").replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The middleware a write route runs right before its handler (defineRoute adds it): registers the operation in
 * the catalogue and gives the handler an auditing database. `undefined` for reads.
 */
export function auditWrites(operationId: string, method: string, path: string, summary: string | undefined) {
  if (!WRITE_METHODS.has(method) || READS_SENT_AS_POST[operationId]) return undefined;
  catalogue.set(operationId, { id: operationId, label: summary ?? operationId });
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const organizationParam = ORGANIZATION_OF.find(([param]) => params.includes(param));
  const targetParam = params.at(-1);
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const event = auditEvent(c, operationId, organizationParam, targetParam);
    if (!event) return next();
    const audited = new AuditingD1(c.get("db").$client, event);
    c.set("db", createDb(audited as unknown as D1Database));
    try {
      await next();
    } finally {
      // What the handler deferred (indexing after the response, …) is not this write: nothing more is recorded.
      audited.close();
    }
  };
  return middleware;
}

interface PendingEvent {
  sql: string;
  values: unknown[];
  id: string;
}

function auditEvent(
  c: Context<AppEnv>,
  operationId: string,
  organizationParam: [string, string] | undefined,
  targetParam: string | undefined,
): PendingEvent | undefined {
  const caller = c.get("caller") ?? c.get("authentication")?.caller;
  if (!caller || caller.kind === "anonymous") return undefined; // anonymous writes are a visitor's, not a member's
  const param = (name: string) => c.req.param(name) ?? "";
  const actor =
    caller.kind === "user"
      ? {
          type: "user",
          id: caller.userId,
          label: "(SELECT display_name FROM users WHERE id = ?)",
          labelValue: caller.userId,
        }
      : caller.installation
        ? { type: "installation", id: caller.installation.id, label: "?", labelValue: caller.integration }
        : { type: "integration", id: caller.integration, label: "?", labelValue: caller.integration };
  const target = targetParam
    ? { type: targetType(targetParam), id: param(targetParam) }
    : caller.kind === "user"
      ? { type: "user", id: caller.userId }
      : { type: "integration", id: caller.integration };
  const url = new URL(c.req.url);
  const id = crypto.randomUUID();
  const organization = organizationParam ? organizationParam[1] : "NULL";
  const sql = `INSERT INTO audit_events (id, organization_id, occurred_at, action, actor_type, actor_id, actor_label,
    source, target_type, target_id, request_id, address, user_agent, payload)
    SELECT ?, ${organization}, ?, ?, ?, ?, ${actor.label}, ?, ?, ?, ?, ?, ?, ?`;
  const values = [
    id,
    ...(organizationParam ? [param(organizationParam[0])] : []),
    Date.now(),
    operationId,
    actor.type,
    actor.id,
    actor.labelValue,
    caller.kind === "user" ? "api" : "integration",
    target.type,
    target.id,
    c.get("requestId") ?? null,
    c.req.header("cf-connecting-ip") ?? null,
    c.req.header("user-agent")?.slice(0, 512) ?? null,
    JSON.stringify({ operation: operationId, method: c.req.method, path: url.pathname }),
  ];
  return { sql, values, id };
}

const WRITE_SQL = /^\s*(?:insert|update|delete|replace)\b|^\s*with\b[\s\S]*\b(?:insert|update|delete|replace)\b/i;

/**
 * The D1 client an audited write's drizzle database runs on: what drizzle's D1 driver calls (`prepare`, `batch`),
 * passing everything through except the first batch (or lone statement) that writes, which carries the event.
 */
class AuditingD1 {
  private pending: PendingEvent | undefined;

  constructor(
    private readonly d1: D1Database,
    event: PendingEvent,
  ) {
    this.pending = event;
  }

  close() {
    this.pending = undefined;
  }

  prepare(query: string) {
    const statement = this.d1.prepare(query);
    return WRITE_SQL.test(query) ? new AuditedStatement(this, statement) : statement;
  }

  async batch(statements: (D1PreparedStatement | AuditedStatement)[]) {
    const inner = statements.map((s) => (s instanceof AuditedStatement ? s.inner : s));
    if (!this.pending || !statements.some((s) => s instanceof AuditedStatement)) return this.d1.batch(inner);
    return this.recorded(inner);
  }

  /** Runs the statements after the pending event, in one batch; takes the event back if they changed nothing. */
  async recorded(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    const event = this.pending!;
    this.pending = undefined;
    const [, ...results] = await this.d1.batch([this.d1.prepare(event.sql).bind(...event.values), ...statements]);
    const changed = results.reduce((sum, r) => sum + (r.meta?.changes ?? 0), 0);
    if (changed === 0) {
      await this.d1.prepare("DELETE FROM audit_events WHERE id = ?").bind(event.id).run();
      this.pending = event; // the request's next write may still be its real one
    }
    return results;
  }

  get hasPending() {
    return this.pending !== undefined;
  }
}

/** A write statement of an audited request: its first run carries the event (AuditingD1.recorded). */
class AuditedStatement {
  constructor(
    private readonly d1: AuditingD1,
    readonly inner: D1PreparedStatement,
  ) {}

  bind(...values: unknown[]) {
    return new AuditedStatement(this.d1, this.inner.bind(...values));
  }

  async run() {
    if (!this.d1.hasPending) return this.inner.run();
    return (await this.d1.recorded([this.inner]))[0]!;
  }

  async all() {
    if (!this.d1.hasPending) return this.inner.all();
    return (await this.d1.recorded([this.inner]))[0]!;
  }

  async first(column?: string) {
    if (!this.d1.hasPending) return column === undefined ? this.inner.first() : this.inner.first(column);
    const row = ((await this.d1.recorded([this.inner]))[0]!.results?.[0] ?? null) as Record<string, unknown> | null;
    return column === undefined || row === null ? row : row[column];
  }

  async raw(options?: { columnNames?: boolean }) {
    if (!this.d1.hasPending) return this.inner.raw(options as { columnNames: true });
    const rows = ((await this.d1.recorded([this.inner]))[0]!.results ?? []) as Record<string, unknown>[];
    // A batch answers objects; a RETURNING of one table has distinct column names, so their values keep order.
    const arrays = rows.map((row) => Object.values(row));
    return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...arrays] : arrays;
  }
}
