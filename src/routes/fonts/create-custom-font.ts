import { serviceContext } from "../../http/context";
import { errorResponses } from "../../http/errors";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentCustomFont } from "../../presenters/custom-font";
import { createCustomFont } from "../../services/storage";
import { CustomizationFontDefinition } from "../../wire/font";
import { OrganizationParams } from "../../wire/params";
import { CreateCustomFontBody } from "../../wire/font";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/fonts",
  operationId: "createCustomFont",
  tags: ["custom-fonts"],
  summary: "Create a custom font",
  description:
    "Admins only. Each face's `storageKey` is the key generateStorageUploadURL returned for a font file " +
    "(kind `customization_font`) uploaded to its URL; a face of weight 400 is required. A body without one, or " +
    "with a key that is no such upload, is 400 naming the field; 412 when the organization has its 100 fonts.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateCustomFontBody } } },
  },
  responses: {
    201: json(CustomizationFontDefinition, "Custom font created successfully."),
    ...errorResponses(412),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const font = await createCustomFont(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentCustomFont(font, ctx.urls), 201);
};
