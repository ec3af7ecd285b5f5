import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCustomFont } from "../../presenters/custom-font";
import { getCustomFont } from "../../services/storage";
import { CustomizationFontDefinition } from "../../wire/font";
import { FontParams } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/fonts/{fontId}",
  operationId: "getCustomFont",
  tags: ["custom-fonts"],
  summary: "Get a custom font by its ID",
  request: { params: FontParams },
  responses: { 200: json(CustomizationFontDefinition, "The custom font.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, fontId } = c.req.valid("param");
  return c.json(presentCustomFont(await getCustomFont(ctx, organizationId, fontId), ctx.urls), 200);
};
