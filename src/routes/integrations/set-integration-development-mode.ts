import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { setDevelopmentMode } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { SetDevelopmentModeBody } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "put",
  path: "/integrations/{integrationName}/dev",
  operationId: "setIntegrationDevelopmentMode",
  tags: ["integrations"],
  summary: "Enable integration dev mode",
  description:
    "Admins of the integration's organization. While on, events are POSTed to `tunnelUrl` (signed: " +
    '`X-Quire-Signature: t=<unix seconds>,v1=<HMAC-SHA-256 hex of "<t>.<body>">` under the integration\'s ' +
    "signing secret) instead of running the published script: the owning organization's events only, or every " +
    "installation's with `all: true`. `tunnelUrl` must be a public http(s) URL (400 otherwise).",
  request: {
    params: IntegrationParams,
    body: { required: true, content: { "application/json": { schema: SetDevelopmentModeBody } } },
  },
  responses: { 204: { description: "Updated development mode successfully" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await setDevelopmentMode(serviceContext(c), c.req.valid("param").integrationName, c.req.valid("json"));
  return c.body(null, 204);
};
