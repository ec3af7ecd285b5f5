import type { Context, MiddlewareHandler } from "hono";
import { createDb } from "../db/client";
import type { AppEnv } from "./app-env";

/*
 * The audit log's writer. Every write operation's handler runs with a database that adds one `audit_events`
 * row to the request's first D1 batch that writes (a single write statement becomes a batch of two), so the
 * event commits or rolls back with the write. A batch that changed no row (a compare-and-set that lost) takes
 * its event back: a write that did nothing, or failed, records nothing. Later batches of the same request are
 * not recorded again. Reads never pay for any of it: GETs keep the request's database as it is.
 * A creation's event targets what it made: once its handler answered, the created object's id (from the answer)
 * replaces the path's target, which stays in the payload as `parent` (one more statement, creations only).
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

/**
 * Creations the reference answers with 200 rather than 201: a creation is a write declared 201, or one named here.
 * The generated test fails on a write that answers a new object of another kind than its path names, unless it
 * is a creation or in KEEPS_PATH_TARGET.
 */
export const CREATIONS_ANSWERED_200: Record<string, string> = {
  postCommentInSpace: "a new comment, answered 200 as the reference does",
  postCommentReplyInSpace: "a new reply, answered 200 as the reference does",
  postCommentInChangeRequest: "a new comment, answered 200 as the reference does",
  postCommentReplyInChangeRequest: "a new reply, answered 200 as the reference does",
};

/** Writes declared 201 (or answering another kind) whose event keeps the path's target, each with why. */
export const KEEPS_PATH_TARGET: Record<string, string> = {
  applyTemplateToSpace: "fills the space the path names, and answers no body",
  importContent: "imports pages into the space the path names; the revision it answers is that content's",
  importContentInPageById: "imports into the page the path names; the revision it answers is that content's",
  importContentInChangeRequest: "imports into the change request the path names; the revision is its content's",
  importContentInChangeRequestPageById: "imports into the page the path names; the revision is its content's",
  installIntegrationOnSpace: "a space installation has no id: it is the installation the path names, on a space",
  installIntegrationOnSite: "a site installation has no id: it is the installation the path names, on a site",
  addSectionToGroup: "moves a section into the group the path names, and answers that group",
  updateCustomFont: "updates the font the path names (answered 201, as the reference does)",
  createOrUpdateOpenAPISpecBySlug: "the path names the spec it creates or updates ({specSlug})",
  generateStorageUploadURL: "signs a URL: the upload has no id in the answer, and is then used without a token",
};

/**
 * The target type the log gives an API object, where its `object` is not the name its paths give it (the type
 * `targetType` makes of the path parameter that addresses it), and the field holding the value those paths take.
 */
export const TARGET_OF_OBJECT: Record<string, { type: string; key?: string }> = {
  "api-token": { type: "token" }, // revokeApiToken's {tokenId}
  "openapi-spec": { type: "spec", key: "slug" }, // {specSlug}: later writes name the spec by its slug
  "change-request-review": { type: "review" }, // {reviewId}
  member: { type: "user" }, // a member is its user ({userId})
};

/** Creations whose answer has no `object`: the type of what they make, as its later paths name it. */
export const CREATED_TYPE_OF: Record<string, string> = {
  installIntegration: "installation", // {installationId}
  createCustomFont: "font", // {fontId}
  submitAgentFeedbackToSite: "agent-feedback", // no path addresses it again
  registerPasskey: "passkey", // no path addresses it again (yet: the account page lists none)
};

/** Whether the operation creates what its event then targets (from its declared success statuses). */
export function isCreation(operationId: string, statuses: string[]): boolean {
  if (KEEPS_PATH_TARGET[operationId]) return false;
  return statuses.includes("201") || CREATIONS_ANSWERED_200[operationId] !== undefined;
}

/** How a creation's answer names what it made: the target type and the answer's field holding its id. */
export function createdTargetOf(operationId: string, object: unknown): { type: string; key: string } | undefined {
  const typed = CREATED_TYPE_OF[operationId];
  if (typed) return { type: typed, key: "id" };
  if (typeof object !== "string") return undefined;
  const named = TARGET_OF_OBJECT[object];
  return { type: named?.type ?? object, key: named?.key ?? "id" };
}

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
export function targetType(param: string): string {
  if (param === "hostname") return "custom-hostname";
  return param.replace(/(Id|Name|Slug|Hash|Path)$/, "").replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The middleware a write route runs right before its handler (defineRoute adds it): registers the operation in
 * the catalogue and gives the handler an auditing database. `undefined` for reads.
 */
export function auditWrites(
  operationId: string,
  method: string,
  path: string,
  summary: string | undefined,
  statuses: string[],
) {
  if (!WRITE_METHODS.has(method) || READS_SENT_AS_POST[operationId]) return undefined;
  catalogue.set(operationId, { id: operationId, label: summary ?? operationId });
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const organizationParam = ORGANIZATION_OF.find(([param]) => params.includes(param));
  const targetParam = params.at(-1);
  const creates = isCreation(operationId, statuses);
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const event = auditEvent(c, operationId, organizationParam, targetParam);
    if (!event) return next();
    const d1 = c.get("db").$client;
    const audited = new AuditingD1(d1, event);
    c.set("db", createDb(audited as unknown as D1Database));
    try {
      await next();
    } finally {
      // What the handler deferred (indexing after the response, …) is not this write: nothing more is recorded.
      audited.close();
    }
    if (!creates || !audited.committed) return;
    try {
      await targetCreated(c.res, d1, operationId, event.id, targetParam !== undefined);
    } catch (error) {
      // The creation committed: it is answered as it is, its event left on the path's target.
      console.error(`audit: ${operationId} event ${event.id} kept the path's target`, error);
    }
  };
  return middleware;
}

/**
 * Points a creation's recorded event at what it made, read from its answer: the path's target becomes the
 * payload's `parent` (when the path named one), and the event moves to the created object's organization where
 * that is known (a new organization's own log; an installation's installing organization, not the publisher's).
 */
async function targetCreated(res: Response, d1: D1Database, operationId: string, eventId: string, parent: boolean) {
  if (res.status < 200 || res.status > 299 || !/\bjson\b/i.test(res.headers.get("content-type") ?? "")) return;
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as Record<string, unknown> | undefined;
  const created = createdTargetOf(operationId, body?.object);
  const id = created && body?.[created.key];
  if (!created || typeof id !== "string" || id === "") return;
  const organization = ORGANIZATION_OF.find(([param]) => targetType(param) === created.type);
  // SQLite's SET reads the row as it was: `parent` takes the path's target before it is replaced.
  const parentSql = parent
    ? ", payload = json_set(payload, '$.parent', json_object('type', target_type, 'id', target_id))"
    : "";
  await d1
    .prepare(
      `UPDATE audit_events SET target_type = ?, target_id = ?,
        organization_id = COALESCE(${organization?.[1] ?? "NULL"}, organization_id)${parentSql} WHERE id = ?`,
    )
    .bind(created.type, id, ...(organization ? [id] : []), eventId)
    .run();
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
  // A change request's path takes its id or its number: the event names it by its id, as its creation does,
  // so that filtering by the id finds every write to it whichever way the caller addressed it.
  const ref = targetParam === "changeRequestId" ? target.id : undefined;
  const targetSql =
    ref === undefined
      ? "?"
      : "COALESCE((SELECT id FROM change_requests WHERE space_id = ? AND (id = ? OR number = ?)), ?)";
  const targetValues =
    ref === undefined ? [target.id] : [param("spaceId"), ref, /^\d{1,9}$/.test(ref) ? Number(ref) : -1, ref];
  const url = new URL(c.req.url);
  const id = crypto.randomUUID();
  const organization = organizationParam ? organizationParam[1] : "NULL";
  const sql = `INSERT INTO audit_events (id, organization_id, occurred_at, action, actor_type, actor_id, actor_label,
    source, target_type, target_id, request_id, address, user_agent, payload)
    SELECT ?, ${organization}, ?, ?, ?, ?, ${actor.label}, ?, ?, ${targetSql}, ?, ?, ?, ?`;
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
    ...targetValues,
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
  /** The event committed with a write that changed something (not taken back). */
  committed = false;

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
    } else {
      this.committed = true;
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
