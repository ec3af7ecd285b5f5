import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTranslation } from "../../presenters/translation";
import { getTranslation } from "../../services/translations";
import { TranslationParams } from "./schemas";
import { TranslationSchema } from "../../wire/translation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/translations/{translationId}",
  operationId: "getTranslation",
  tags: ["translations"],
  summary: "Get a translation by its ID",
  request: { params: TranslationParams },
  responses: { 200: json(TranslationSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, translationId } = c.req.valid("param");
  const { row, access } = await getTranslation(ctx, organizationId, translationId);
  return c.json(presentTranslation(row, access, ctx.urls), 200);
};
