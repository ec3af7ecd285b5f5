import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteTranslation } from "../../services/translations";
import { TranslationParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/translations/{translationId}",
  operationId: "deleteTranslation",
  tags: ["translations"],
  summary: "Delete a translation",
  description: "205 when the translation was deleted, 204 when there was none (CONTRACT §4). Its result space is kept.",
  request: { params: TranslationParams },
  responses: {
    204: { description: "Translation did not exist" },
    205: { description: "Translation has been deleted" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, translationId } = c.req.valid("param");
  const deleted = await deleteTranslation(serviceContext(c), organizationId, translationId);
  return c.body(null, deleted ? 205 : 204);
};
