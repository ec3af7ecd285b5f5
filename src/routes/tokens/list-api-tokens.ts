import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { mapPage } from "../../lib/pagination";
import { presentToken } from "../../presenters/token";
import { listOwnTokens } from "../../services/people";
import { ApiTokenList } from "../../wire/api-token";

export const route = defineRoute({
  method: "get",
  path: "/user/tokens",
  operationId: "listApiTokens",
  tags: ["users"],
  summary: "List your personal API tokens (Quire); secrets are never shown",
  request: { query: PageQuery },
  responses: { 200: json(ApiTokenList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const page = await listOwnTokens(serviceContext(c), c.req.valid("query"));
  return c.json(mapPage(page, presentToken), 200);
};
