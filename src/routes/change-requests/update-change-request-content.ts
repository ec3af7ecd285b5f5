import { z } from "@hono/zod-openapi";
import { ContentChangesBody } from "../../content/changes";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentChangeRequest } from "../../presenters/change-request";
import { presentFile } from "../../presenters/content";
import { getChangeRequest } from "../../services/change-requests";
import { signFiles, writeChangeRequestContent } from "../../services/revisions";
import { queryBoolean } from "../../wire/common";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ChangeRequestSchema } from "../../wire/change-request";
import { RevisionFileSchema } from "../../wire/revision";
import { named } from "../../wire/named-schema";

const ContentUpdateSchema = z
  .object({
    changeRequest: ChangeRequestSchema,
    changes: z.array(
      z.object({
        object: z.enum(["created_page", "updated_page", "deleted_page"]),
        ref: z.string().optional(),
        page: z.union([
          z.string(),
          z.object({ object: z.literal("page"), id: z.string(), urls: z.object({ location: z.string() }) }),
        ]),
      }),
    ),
    insertedFiles: z.array(RevisionFileSchema),
  })
  .openapi("ChangeRequestContentUpdate");

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
  operationId: "updateChangeRequestContent",
  tags: ["change-requests"],
  summary: "Write content into a change request (Quire): 1..50 changes applied atomically as one revision",
  request: {
    params: ChangeRequestParams,
    query: z.object({ compat: queryBoolean(true) }),
    body: {
      required: true,
      content: { "application/json": { schema: named(ContentChangesBody, "ChangeRequestContentChanges") } },
    },
  },
  responses: { 200: json(z.union([ChangeRequestSchema, ContentUpdateSchema]), "The change request has been updated") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const result = await writeChangeRequestContent(ctx, p.spaceId, p.changeRequestId, c.req.valid("json").changes);
  const changeRequest = presentChangeRequest(ctx, await getChangeRequest(ctx, p.spaceId, result.changeRequest.id));
  if (c.req.valid("query").compat) return c.json(changeRequest, 200);
  const pageURL = (id: string) =>
    `${ctx.urls.api}/v1/spaces/${p.spaceId}/change-requests/${result.changeRequest.id}/content/page/${id}`;
  return c.json(
    {
      changeRequest,
      changes: result.outcomes.map((o) =>
        o.object === "deleted_page"
          ? { object: o.object, page: o.page }
          : {
              object: o.object,
              ...("ref" in o && o.ref ? { ref: o.ref } : {}),
              page: { object: "page" as const, id: o.page, urls: { location: pageURL(o.page) } },
            },
      ),
      insertedFiles: (await signFiles(ctx, p.spaceId, result.insertedFiles)).map(presentFile),
    },
    200,
  );
};
