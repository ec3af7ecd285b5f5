import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCustomHostname } from "../../presenters/custom-hostname";
import { getCustomHostname } from "../../services/sites";
import { CustomHostnameParams } from "./schemas";
import { CustomHostnameSchema } from "../../wire/custom-hostname";

export const route = defineRoute({
  method: "get",
  path: "/custom-hostnames/{hostname}",
  operationId: "getCustomHostname",
  tags: ["custom-hostnames"],
  summary: "Get a custom hostname",
  description:
    "`create` and up in the organization whose sites use the host as their `proxy`; 404 for anyone else. " +
    "`verification` says which DNS records prove it.",
  request: { params: CustomHostnameParams },
  responses: { 200: json(CustomHostnameSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await getCustomHostname(ctx, c.req.valid("param").hostname);
  return c.json(presentCustomHostname(view, ctx.urls), 200);
};
