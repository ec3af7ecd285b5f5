import { and, eq, ne } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { organizationAgentInstructions as instructionsTable, organizations } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { authorize, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";

/** An organization's agent instructions as stored (markdown). */
export interface AgentInstructionsView {
  organizationId: string;
  instructions: string;
  updatedAt: number;
  updatedBy: string;
}

/**
 * The statement reading an organization's instructions, to ride a larger batch (the renderer's, the MCP
 * server's): one row `{ instructions }` when set and not blank, none otherwise.
 */
export function agentInstructionsStatement(db: Db, organizationId: string) {
  return db
    .select({ instructions: instructionsTable.instructions })
    .from(instructionsTable)
    .where(and(eq(instructionsTable.organizationId, organizationId), ne(instructionsTable.instructions, "")));
}

/** The organization's instructions (markdown), undefined when unset. One D1 statement; no caller check. */
export async function agentInstructions(db: Db, organizationId: string): Promise<string | undefined> {
  const [row] = await agentInstructionsStatement(db, organizationId);
  return row?.instructions;
}

/**
 * getOrganizationAgentInstructions (any member: what they say is shown to every reader of the organization's
 * published markdown anyway). Never set: an empty document, as of the organization's creation, by no one
 * (`updatedBy` empty). One batch.
 */
export async function getAgentInstructions(
  ctx: ServiceContext,
  organizationId: string,
): Promise<AgentInstructionsView> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.view", "Organization");
  const [[organization], [row]] = await batch(ctx.db, [
    ctx.db
      .select({ createdAt: organizations.createdAt })
      .from(organizations)
      .where(eq(organizations.id, organizationId)),
    ctx.db.select().from(instructionsTable).where(eq(instructionsTable.organizationId, organizationId)),
  ]);
  if (!organization) throw notFound("Organization");
  return row ?? { organizationId, instructions: "", updatedAt: organization.createdAt, updatedBy: "" };
}

/** updateOrganizationAgentInstructions (organization admins): replaces them; empty markdown clears their use. */
export async function updateAgentInstructions(
  ctx: ServiceContext,
  organizationId: string,
  instructions: string,
): Promise<AgentInstructionsView> {
  authorize(organizationAccess(ctx.caller, organizationId), "organization.admin", "Organization");
  const updatedBy = requireUser(ctx.caller).userId;
  const row = { organizationId, instructions, updatedAt: ctx.now, updatedBy };
  await batch(ctx.db, [
    ctx.db
      .insert(instructionsTable)
      .values(row)
      .onConflictDoUpdate({
        target: instructionsTable.organizationId,
        set: { instructions, updatedAt: ctx.now, updatedBy },
      }),
  ]);
  return row;
}
