import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSiteAdaptiveSchema } from "../../presenters/site";
import { updateSiteAdaptiveSchema } from "../../services/sites";
import { SiteAdaptiveSchemaSchema, UpdateSiteAdaptiveSchemaBody } from "../../wire/site-adaptive";
import { SiteParams } from "../../wire/params";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
  operationId: "updateSiteAdaptiveSchema",
  tags: ["sites"],
  summary: "Update the JSON schema of the attributes expected for an Adaptive content site visitor.",
  description:
    "`create` and up. Replaces the schema: a draft-07 JSON Schema limited to the reference's shape (boolean, " +
    "string, number, array and object claims, each with a description; `unsigned` for unsigned claims; at most " +
    "256 claims, five levels of objects). Conditions already set are kept; claims the new schema drops read " +
    "as missing.",
  request: {
    params: SiteParams,
    body: { required: true, content: { "application/json": { schema: UpdateSiteAdaptiveSchemaBody } } },
  },
  responses: { 200: json(SiteAdaptiveSchemaSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const { jsonSchema } = c.req.valid("json");
  const view = await updateSiteAdaptiveSchema(serviceContext(c), p.organizationId, p.siteId, jsonSchema);
  return c.json(presentSiteAdaptiveSchema(view), 200);
};
