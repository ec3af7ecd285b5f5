import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { removeCustomHostname } from "../../services/sites";
import { CustomHostnameParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/custom-hostnames/{hostname}",
  operationId: "removeCustomHostname",
  tags: ["custom-hostnames"],
  summary: "Remove a custom hostname",
  description: "`create` and up: the organization's sites on the host lose their `proxy` and the host serves nothing.",
  request: { params: CustomHostnameParams },
  responses: {
    204: { description: "Custom hostname did not exist" },
    205: { description: "Custom hostname has been removed" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const removed = await removeCustomHostname(serviceContext(c), c.req.valid("param").hostname);
  return c.body(null, removed ? 205 : 204);
};
