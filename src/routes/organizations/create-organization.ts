import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentOrganization } from "../../presenters/organization";
import { createOrganizationAsCaller } from "../../services/people";
import { createDefaultSite } from "../../services/sites";
import { badRequest } from "../../lib/errors";
import { OrganizationSchema, CreateOrganizationBody } from "../../wire/organization";
import { CreateOrganizationQuery } from "./schemas";

export const route = defineRoute({
  method: "post",
  path: "/orgs",
  operationId: "createOrganization",
  tags: ["organizations"],
  summary: "Create an organization",
  description:
    "Creates an organization whose admin is the caller, as the deployment allows (`ALLOW_ORGANIZATION_CREATION`: anyone, admins of an organization, or none: 403). `withDefaultSite` also creates an unpublished site with a sample space. `openapiUrl` is refused (400): add the spec with `createOrUpdateOpenAPISpecBySlug`.",
  request: {
    query: CreateOrganizationQuery,
    body: { required: true, content: { "application/json": { schema: CreateOrganizationBody } } },
  },
  responses: {
    201: {
      description: "Organization created",
      headers: z.object({ Location: z.string() }),
      content: { "application/json": { schema: OrganizationSchema } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const query = c.req.valid("query");
  if (query.openapiUrl !== undefined) {
    throw badRequest(
      "openapiUrl is not supported: add the spec to the organization with createOrUpdateOpenAPISpecBySlug",
    );
  }
  const { row, access } = await createOrganizationAsCaller(ctx, c.req.valid("json"));
  if (query.withDefaultSite) await createDefaultSite(ctx, row.id, row.title);
  const organization = presentOrganization(row, access, ctx.urls);
  c.header("Location", organization.urls.location);
  return c.json(organization, 201);
};
