import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTranslation } from "../../presenters/translation";
import { createTranslation } from "../../services/translations";
import { OrganizationParams } from "../../wire/params";
import { instructionsMarkdown } from "./schemas";
import { CreateTranslationBody, TranslationSchema } from "../../wire/translation";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/translations",
  operationId: "createTranslation",
  tags: ["translations"],
  summary: "Create a translation",
  description:
    "Creates the translation of a space of the organization into `language` and queues its first run (status `pending`). Needs the `create` role and read access to the source space.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateTranslationBody } } },
  },
  responses: { 201: json(TranslationSchema, "Translation has been created") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const body = c.req.valid("json");
  const { row, access } = await createTranslation(ctx, c.req.valid("param").organizationId, {
    language: body.language,
    source: body.source,
    instructions: body.instructions === undefined ? undefined : instructionsMarkdown(body.instructions),
  });
  return c.json(presentTranslation(row, access, ctx.urls), 201);
};
