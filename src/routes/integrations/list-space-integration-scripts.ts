import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentIntegrationScript } from "../../presenters/integration";
import { listSpaceIntegrationScripts } from "../../services/integrations";
import { SpaceParams } from "../../wire/params";
import { SpaceIntegrationScriptList } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/integration-scripts",
  operationId: "listSpaceIntegrationScripts",
  tags: ["integrations"],
  summary: "List all the scripts to embed in published content for a space",
  description:
    "Those who can read the space. One entry per installation enabled on the space whose integration has the " +
    "`space:script:inject` scope, while the installation and its space installation are `active`: `script` is " +
    "`/v1/integrations/{name}/installations/{installationId}/spaces/{spaceId}/script.js`, served anonymously from " +
    "the integration's answer to a `fetch_published_script` event; `cookies` is the `space:script:cookies` " +
    "scope; `contentSecurityPolicy` the integration's (a directive map joined as `directive sources; …`).",
  request: { params: SpaceParams },
  responses: { 200: json(SpaceIntegrationScriptList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const scripts = await listSpaceIntegrationScripts(ctx, c.req.valid("param").spaceId);
  return c.json(
    scripts.map((view) => presentIntegrationScript(view, ctx.urls)),
    200,
  );
};
