import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPublishedLookup } from "../../presenters/url-lookup";
import { resolvePublishedUrl } from "../../services/published";
import { queryBoolean, URLSchema } from "../../wire/common";
import { PUBLISHED_LOOKUP_DESCRIPTION } from "./schemas";
import { PublishedSiteContentLookupSchema, VisitorTokenSchema } from "../../wire/published-site-content";

export const route = defineRoute({
  method: "get",
  path: "/urls/published",
  operationId: "getPublishedContentByUrl",
  anonymous: true,
  deprecated: true,
  tags: ["urls"],
  summary: "Resolve a URL of a published content.",
  description: `${PUBLISHED_LOOKUP_DESCRIPTION} Deprecated: use POST /urls/published.`,
  request: {
    query: z.object({
      url: URLSchema,
      visitorAuthToken: VisitorTokenSchema.optional(),
      redirectOnError: queryBoolean(false).openapi({
        description: "When true redirects the user to the authentication/fallback URL if the access token is invalid",
      }),
    }),
  },
  responses: { 200: json(PublishedSiteContentLookupSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const q = c.req.valid("query");
  const found = await resolvePublishedUrl(serviceContext(c), {
    url: q.url,
    field: "query.url",
    ...(q.visitorAuthToken ? { visitorToken: q.visitorAuthToken } : {}),
    redirectOnError: q.redirectOnError,
  });
  return c.json(presentPublishedLookup(found), 200);
};
