import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentAgentInstructions } from "../../presenters/agents";
import { updateAgentInstructions } from "../../services/agents";
import { OrganizationAgentInstructionsSchema, UpdateOrganizationAgentInstructionsBody } from "../../wire/agents";
import { OrganizationParams } from "../../wire/params";
import { instructionsMarkdown } from "./schemas";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/agent-instructions",
  operationId: "updateOrganizationAgentInstructions",
  tags: ["organizations", "agents"],
  summary: "Update Docs agent instructions for an organization",
  description:
    "Organization admins. The instructions go into each published site's MCP server, the end of its markdown pages and the answerer's prompt; an empty document stops that.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: UpdateOrganizationAgentInstructionsBody } } },
  },
  responses: { 200: json(OrganizationAgentInstructionsSchema, "Updated instructions") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const markdown = instructionsMarkdown(c.req.valid("json").instructions, "body.instructions");
  const view = await updateAgentInstructions(ctx, c.req.valid("param").organizationId, markdown);
  return c.json(presentAgentInstructions(view, ctx.urls), 200);
};
