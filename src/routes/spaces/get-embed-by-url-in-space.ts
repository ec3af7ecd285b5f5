import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { resolveEmbedInSpace } from "../../services/embeds";
import { EmbedQuery, EmbedSchema } from "../../wire/embed";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/embed",
  operationId: "getEmbedByUrlInSpace",
  anonymous: true,
  tags: ["spaces"],
  summary: "Resolve a URL to an oEmbed object within a space",
  description:
    "getEmbedByUrl for whoever may read the space (its members, its visitors with a site API token, anyone for " +
    "a public space; 404 to others, 401 anonymously); the URL is fetched as for " +
    "getEmbedByUrl, without the space's or the caller's credentials.",
  request: { params: SpaceParams, query: EmbedQuery },
  responses: { 200: json(EmbedSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(await resolveEmbedInSpace(ctx, c.req.valid("param").spaceId, c.req.valid("query").url), 200);
};
