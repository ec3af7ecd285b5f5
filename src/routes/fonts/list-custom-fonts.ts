import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCustomFont } from "../../presenters/custom-font";
import { listCustomFonts, MAX_FONTS_PER_ORGANIZATION } from "../../services/storage";
import { CustomFontList } from "../../wire/font";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/fonts",
  operationId: "listCustomFonts",
  tags: ["custom-fonts"],
  summary: "List all custom fonts",
  description: `Every custom font of the organization (at most ${MAX_FONTS_PER_ORGANIZATION}, one page), oldest first.`,
  request: { params: OrganizationParams },
  responses: { 200: json(CustomFontList, "The organization's custom fonts.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const fonts = await listCustomFonts(ctx, c.req.valid("param").organizationId);
  return c.json({ items: fonts.map((font) => presentCustomFont(font, ctx.urls)), count: fonts.length }, 200);
};
