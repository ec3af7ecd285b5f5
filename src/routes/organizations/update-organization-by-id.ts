import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentOrganization } from "../../presenters/organization";
import { updateOrganization } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { OrganizationSchema, UpdateOrganizationBody } from "../../wire/organization";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}",
  operationId: "updateOrganizationById",
  tags: ["organizations"],
  summary: "Update an organization (admins only)",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: UpdateOrganizationBody } } },
  },
  responses: {
    200: json(OrganizationSchema, "The organization has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { row, access } = await updateOrganization(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentOrganization(row, access, ctx.urls), 200);
};
