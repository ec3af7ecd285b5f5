import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { applyTemplateToSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { ApplySpaceTemplateSchema } from "../../wire/space";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/content/template",
  operationId: "applyTemplateToSpace",
  tags: ["space-content"],
  summary: "Apply a template to a space.",
  description:
    "Appends a built-in template's pages (getting-started, product-docs, api-reference, faq, changelog, " +
    "internal-wiki) to the space's primary content as one new revision. `params.contentRefs` gives the " +
    "template content to link (each template accepts its own keys and reference kinds). Needs `edit`; a locked " +
    "space answers 403; an unknown template, key or reference kind answers 400.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: ApplySpaceTemplateSchema } } },
  },
  responses: { 201: { description: "Template applied to space." } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await applyTemplateToSpace(serviceContext(c), c.req.valid("param").spaceId, c.req.valid("json"));
  return c.body(null, 201);
};
