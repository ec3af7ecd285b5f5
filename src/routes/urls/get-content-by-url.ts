import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentContentByUrl } from "../../presenters/url-lookup";
import { resolveContentUrl } from "../../services/published";
import { ContentByUrlSchema, ContentUrlQuery } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/urls/content",
  operationId: "getContentByUrl",
  tags: ["urls"],
  summary: "Resolve a URL to a content (space, collection, page)",
  description:
    "App URLs (`{app}/o/{org}/c/{collection}`, `{app}/o/{org}/s/{space}`, `{app}/s/{space}`, followed by " +
    "`/~/changes/{number}` and/or a page path) and published URLs (`/~site/{siteId}/…` on the API's origin, or " +
    "a custom host), resolved with the caller's own access: 404 for what they may not read, or when the URL " +
    "names nothing. A published site's root answers its first page. Pages come without their body.",
  request: { query: ContentUrlQuery },
  responses: { 200: json(ContentByUrlSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(presentContentByUrl(ctx, await resolveContentUrl(ctx, c.req.valid("query").url)), 200);
};
