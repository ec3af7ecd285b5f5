import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentAgentInstructions } from "../../presenters/agents";
import { getAgentInstructions } from "../../services/agents";
import { OrganizationAgentInstructionsSchema } from "../../wire/agents";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/agent-instructions",
  operationId: "getOrganizationAgentInstructions",
  tags: ["organizations", "agents"],
  summary: "Get Docs agent instructions for an organization",
  description: "Members. Never set: an empty document, `updatedAt` the organization's creation, `updatedBy` empty.",
  request: { params: OrganizationParams },
  responses: { 200: json(OrganizationAgentInstructionsSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await getAgentInstructions(ctx, c.req.valid("param").organizationId);
  return c.json(presentAgentInstructions(view, ctx.urls), 200);
};
