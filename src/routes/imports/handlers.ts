// One handler for the four import operations, whatever the target: the space's main or a change request, as a
// new revision of the whole content or under one page. Each route file keeps its own `defineRoute` and answers
// with it; the target is resolved once, by `targetOf`, from the path.
import type { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import type { SharedRouteContext as In } from "../../http/router";
import { importContent, type ImportTarget } from "../../services/imports";
import type { ImportContentBody } from "../../wire/import";

/** `/spaces/{spaceId}[/change-requests/{changeRequestId}]/content[/page/{pageId}]/import`. */
type TargetParams = { spaceId: string; changeRequestId?: string; pageId?: string };

const targetOf = (p: TargetParams): ImportTarget => ({ changeRequest: p.changeRequestId, pageId: p.pageId });

/** Runs the import and sets `Location` to the new revision: the route answers `c.json(result, 201)`. */
export async function importInto(c: In<{ param: TargetParams; json: z.output<typeof ImportContentBody> }>) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const result = await importContent(ctx, p.spaceId, targetOf(p), c.req.valid("json"));
  c.header("Location", `${ctx.urls.api}/v1/spaces/${p.spaceId}/revisions/${result.revision}`);
  return result;
}
