import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageMetaLinks } from "../../presenters/page-meta-links";
import { readPageMetaLinks } from "../../services/revisions";
import { RevisionPageMetaLinksSchema } from "../../wire/page-meta-links";
import { ChangeRequestParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links",
  operationId: "listChangeRequestPageMetaLinks",
  authInFirstRead: true,
  tags: ["change-request-content"],
  summary: "Get a page's meta links (previous, next, parent) in a change request",
  request: { params: ChangeRequestParams.extend({ pageId: z.string().min(1) }) },
  responses: { 200: json(RevisionPageMetaLinksSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readPageMetaLinks(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    p.pageId,
  );
  return c.json(presentPageMetaLinks(view), 200);
};
