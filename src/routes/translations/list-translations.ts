import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentTranslation } from "../../presenters/translation";
import { listTranslations } from "../../services/translations";
import { OrganizationParams } from "../../wire/params";
import { PageQuery } from "../../wire/common";
import { TranslationList } from "../../wire/translation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/translations",
  operationId: "listTranslations",
  tags: ["translations"],
  summary: "List all the translations",
  request: { params: OrganizationParams, query: PageQuery },
  responses: { 200: json(TranslationList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { page, access } = await listTranslations(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((row) => presentTranslation(row, access, ctx.urls)) }, 200);
};
