import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteCustomFont } from "../../services/storage";
import { FontParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/fonts/{fontId}",
  operationId: "deleteCustomFont",
  tags: ["custom-fonts"],
  summary: "Delete a custom font",
  description:
    "Admins only. Its files go with it unless another font of the organization uses them; a site customization " +
    "that still names the font falls back to the system fonts.",
  request: { params: FontParams },
  responses: {
    204: { description: "The font did not exist" },
    205: { description: "Custom font deleted successfully." },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, fontId } = c.req.valid("param");
  const deleted = await deleteCustomFont(serviceContext(c), organizationId, fontId);
  return c.body(null, deleted ? 205 : 204);
};
