import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentComputedRevision } from "../../presenters/revision";
import { computeRevision } from "../../services/revisions";
import { SpaceParams } from "../../wire/params";
import { ComputedRevisionBody, ComputedRevisionSchema } from "../../wire/computed";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/content/computed/revision",
  operationId: "getComputedRevision",
  tags: ["space-content"],
  summary: "Get a space computed revision",
  description:
    "The pages a `builtin:openapi` source generates from the newest processed version of the organization's " +
    "spec: one page per tag (its operations), plus a models page when `props.models`. Page ids derive from the " +
    "seed. An unknown, unprocessed or unreadable spec gives no pages and a `reason`.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: ComputedRevisionBody } } },
  },
  responses: { 200: json(ComputedRevisionSchema, "Computed pages and files") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { spaceId } = c.req.valid("param");
  const result = await computeRevision(ctx, spaceId, c.req.valid("json"));
  return c.json(presentComputedRevision(ctx, spaceId, result), 200);
};
