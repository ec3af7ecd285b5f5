import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { mapPage } from "../../lib/pagination";
import { presentChangeRequest } from "../../presenters/change-request";
import { listOrganizationChangeRequests } from "../../services/change-requests";
import { ChangeRequestListSchema } from "../../wire/change-request";
import { PageQuery, queryArray } from "../../wire/common";
import { OrganizationParams } from "../../wire/params";

const Id = z.string().min(1).max(128);
const Status = z.enum(["draft", "open", "archived", "merged"]);

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/change-requests",
  operationId: "listChangeRequestsForOrganization",
  tags: ["change-requests"],
  summary: "List all change requests across an entire organization",
  description:
    "The change requests of every space of the organization the caller may see, most recent first by `orderBy`. " +
    "`site`: those of the spaces published on that site. Quire has no site topics, style-guide runs or triage: " +
    "any `topic` or `styleguideRun` matches nothing, and `finding` (`none` or `all`) changes nothing.",
  request: {
    params: OrganizationParams,
    query: PageQuery.extend({
      status: queryArray(Status)
        .refine((v) => v === undefined || v.length <= 10, "must list at most 10 statuses")
        .transform((v) => v ?? ["open" as const]),
      creator: Id.optional(),
      contributor: Id.optional(),
      requestedReviewer: Id.optional(),
      site: Id.optional(),
      space: Id.optional(),
      topic: Id.optional(),
      styleguideRun: Id.optional(),
      finding: z.enum(["none", "all"]).optional(),
      orderBy: z.enum(["updatedAt", "createdAt"]).default("updatedAt").openapi("ChangeRequestOrderBy"),
    }),
  },
  responses: { 200: json(ChangeRequestListSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listOrganizationChangeRequests(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => presentChangeRequest(ctx, view)),
    200,
  );
};
