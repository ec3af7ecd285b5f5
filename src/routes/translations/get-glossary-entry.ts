import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentGlossaryEntry } from "../../presenters/translation";
import { getGlossaryEntry } from "../../services/translations";
import { GlossaryEntryParams } from "./schemas";
import { GlossaryEntrySchema } from "../../wire/translation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/translations-glossary/{glossaryEntryId}",
  operationId: "getGlossaryEntry",
  tags: ["glossary"],
  summary: "Get a glossary entry by its ID",
  request: { params: GlossaryEntryParams },
  responses: { 200: json(GlossaryEntrySchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, glossaryEntryId } = c.req.valid("param");
  return c.json(presentGlossaryEntry(await getGlossaryEntry(ctx, organizationId, glossaryEntryId), ctx.urls), 200);
};
