import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTranslation } from "../../presenters/translation";
import { updateTranslation } from "../../services/translations";
import { instructionsMarkdown, TranslationParams } from "./schemas";
import { TranslationSchema, UpdateTranslationBody } from "../../wire/translation";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/translations/{translationId}",
  operationId: "updateTranslation",
  tags: ["translations"],
  summary: "Update a translation",
  description: "Replaces the translation's instructions; they apply from its next run.",
  request: {
    params: TranslationParams,
    body: { required: true, content: { "application/json": { schema: UpdateTranslationBody } } },
  },
  responses: { 200: json(TranslationSchema, "Translation has been updated") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, translationId } = c.req.valid("param");
  const instructions = instructionsMarkdown(c.req.valid("json").instructions);
  const { row, access } = await updateTranslation(ctx, organizationId, translationId, { instructions });
  return c.json(presentTranslation(row, access, ctx.urls), 200);
};
