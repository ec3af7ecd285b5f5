import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentGlossaryEntry } from "../../presenters/translation";
import { listGlossaryEntries } from "../../services/translations";
import { OrganizationParams } from "../../wire/params";
import { PageQuery } from "../../wire/common";
import { GlossaryEntryList } from "../../wire/translation";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/translations-glossary",
  operationId: "listGlossaryEntries",
  tags: ["glossary"],
  summary: "List glossary entries",
  request: { params: OrganizationParams, query: PageQuery },
  responses: { 200: json(GlossaryEntryList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listGlossaryEntries(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json({ ...page, items: page.items.map((row) => presentGlossaryEntry(row, ctx.urls)) }, 200);
};
