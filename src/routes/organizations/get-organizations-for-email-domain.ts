import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentOrganization } from "../../presenters/organization";
import { organizationsForEmailDomain } from "../../services/people";
import { OrganizationSchema } from "../../wire/organization";

export const route = defineRoute({
  method: "get",
  path: "/email-domains/{emailDomain}/orgs",
  operationId: "getOrganizationsForEmailDomain",
  tags: ["organizations"],
  summary: "Get all organizations by email domain",
  description:
    "Organizations listing the domain. For the domain of your own email, every such organization; otherwise only those you belong to.",
  request: { params: z.object({ emailDomain: z.string().min(1).max(253) }) },
  responses: {
    200: json(z.object({ organizations: z.array(OrganizationSchema) })),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const found = await organizationsForEmailDomain(ctx, c.req.valid("param").emailDomain);
  return c.json({ organizations: found.map(({ row, access }) => presentOrganization(row, access, ctx.urls)) }, 200);
};
