import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCustomFont } from "../../presenters/custom-font";
import { updateCustomFont } from "../../services/storage";
import { CustomizationFontDefinition } from "../../wire/font";
import { FontParams } from "./schemas";
import { UpdateCustomFontBody } from "../../wire/font";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/fonts/{fontId}",
  operationId: "updateCustomFont",
  tags: ["custom-fonts"],
  summary: "Update a custom font",
  description:
    "Admins only. A face's `storageKey` replaces that weight's file, `null` removes the weight; the weight 400 " +
    "must remain. Losing it, or a key that is no uploaded font, is 400 naming the field. Files no font of the " +
    "organization uses any more are deleted.",
  request: {
    params: FontParams,
    body: { required: true, content: { "application/json": { schema: UpdateCustomFontBody } } },
  },
  responses: {
    201: json(CustomizationFontDefinition, "The updated custom font."),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, fontId } = c.req.valid("param");
  const font = await updateCustomFont(ctx, organizationId, fontId, c.req.valid("json"));
  return c.json(presentCustomFont(font, ctx.urls), 201);
};
