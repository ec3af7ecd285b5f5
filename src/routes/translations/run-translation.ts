import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { runTranslation } from "../../services/translations";
import { TranslationParams } from "./schemas";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/translations/{translationId}/run",
  operationId: "runTranslation",
  tags: ["translations"],
  summary: "Run a translation again",
  description:
    "Queues a run (status `pending`): the source space's current content is translated into the result space as one new revision; only the pages changed since the last run are translated again. A run already queued or running is not queued twice.",
  request: { params: TranslationParams },
  responses: { 204: { description: "Translation run triggered" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, translationId } = c.req.valid("param");
  await runTranslation(serviceContext(c), organizationId, translationId);
  return c.body(null, 204);
};
