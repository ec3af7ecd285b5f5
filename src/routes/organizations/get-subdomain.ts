import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { getSubdomain } from "../../services/people";
import { SubdomainSchema } from "../../wire/organization";

export const route = defineRoute({
  method: "get",
  path: "/subdomains/{subdomain}",
  operationId: "getSubdomain",
  tags: ["organizations"],
  summary: "Get a subdomain",
  request: { params: z.object({ subdomain: z.string().min(1).max(64) }) },
  responses: { 200: json(SubdomainSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const found = await getSubdomain(serviceContext(c), c.req.valid("param").subdomain);
  return c.json(
    {
      object: "subdomain" as const,
      subdomain: found.subdomain,
      target: { type: "organization" as const, organization: found.organizationId },
      isActive: true,
    },
    200,
  );
};
