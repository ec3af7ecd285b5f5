import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { resolveEmbed } from "../../services/embeds";
import { EmbedQuery, EmbedSchema } from "../../wire/embed";

export const route = defineRoute({
  method: "get",
  path: "/urls/embed",
  operationId: "getEmbedByUrl",
  tags: ["urls"],
  summary: "Resolve a URL to an embed",
  description:
    "oEmbed-style metadata for a public http(s) URL: the provider's oEmbed when the page advertises one, else its " +
    "OpenGraph tags and `<title>`. Fetched without credentials through the SSRF guard (400 for a private or " +
    "loopback address, 422 when the host cannot be reached or answers an error), reading at most the page's " +
    "first 512 KiB within 5 s; kept 24 hours in the cache.",
  request: { query: EmbedQuery },
  responses: { 200: json(EmbedSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(await resolveEmbed(ctx, c.req.valid("query").url), 200);
};
