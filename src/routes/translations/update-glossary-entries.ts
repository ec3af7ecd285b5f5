import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { updateGlossaryEntries } from "../../services/translations";
import { OrganizationParams } from "../../wire/params";
import { UpdateGlossaryBody } from "../../wire/translation";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/translations-glossary",
  operationId: "updateGlossaryEntries",
  tags: ["glossary"],
  summary: "Update glossary entries",
  description:
    "Inserts, updates and deletes entries, all or nothing. Runs replace each entry's source-language term (whole word, any case) with its target-language term.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: UpdateGlossaryBody } } },
  },
  responses: { 204: { description: "Glossary entries updated" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await updateGlossaryEntries(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("json").operations);
  return c.body(null, 204);
};
