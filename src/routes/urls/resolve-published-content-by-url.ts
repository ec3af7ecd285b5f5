import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPublishedLookup } from "../../presenters/url-lookup";
import { resolvePublishedUrl } from "../../services/published";
import { PUBLISHED_LOOKUP_DESCRIPTION } from "./schemas";
import { PublishedSiteContentLookupSchema, SiteVisitorPayloadSchema } from "../../wire/published-site-content";
import { URLSchema } from "../../wire/common";

export const route = defineRoute({
  method: "post",
  path: "/urls/published",
  operationId: "resolvePublishedContentByUrl",
  anonymous: true,
  tags: ["urls"],
  summary: "Resolve a URL of a published content.",
  description: `${PUBLISHED_LOOKUP_DESCRIPTION} \`visitor.unsignedClaims\` join the JWT's claims as \`unsigned\`.`,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            url: URLSchema,
            redirectOnError: z.boolean().default(false),
            visitor: SiteVisitorPayloadSchema.optional(),
          }),
        },
      },
    },
  },
  responses: { 200: json(PublishedSiteContentLookupSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const body = c.req.valid("json");
  const found = await resolvePublishedUrl(serviceContext(c), {
    url: body.url,
    field: "body.url",
    ...(body.visitor?.jwtToken ? { visitorToken: body.visitor.jwtToken } : {}),
    ...(body.visitor?.unsignedClaims ? { unsignedClaims: body.visitor.unsignedClaims } : {}),
    redirectOnError: body.redirectOnError,
  });
  return c.json(presentPublishedLookup(found), 200);
};
