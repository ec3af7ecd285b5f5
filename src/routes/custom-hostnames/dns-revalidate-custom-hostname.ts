import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { revalidateCustomHostname } from "../../services/sites";
import { CustomHostnameParams } from "./schemas";

export const route = defineRoute({
  method: "patch",
  path: "/custom-hostnames/{hostname}",
  operationId: "dnsRevalidateCustomHostname",
  tags: ["custom-hostnames"],
  summary: "Revalidate a custom hostname DNS",
  description:
    "`create` and up: checks the host's DNS again (DNS_RESOLVER_URL). The host serves its sites once the TXT " +
    "record `_quire-challenge.<hostname>` holds their tokens, or the host is a CNAME to PUBLIC_SITES_HOST; " +
    "502 when the resolver does not answer.",
  request: { params: CustomHostnameParams },
  responses: { 204: { description: "DNS validation has been retriggered" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await revalidateCustomHostname(serviceContext(c), c.req.valid("param").hostname);
  return c.body(null, 204);
};
