import { type AppRouteHandler, defineRoute } from "../../http/router";
import { getPdfOn } from "../../http/content-handlers";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { PdfQuery, PdfUrlSchema } from "../../wire/content-query";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/pdf",
  operationId: "getChangeRequestPDF",
  tags: ["change-requests"],
  summary: "Get a URL of the content of a change request as PDF",
  description:
    "Renders the change request's pages (or, with `page`, that page and its descendants; with `only=true`, that " +
    "page alone) to a PDF stored with the space's files, and answers a signed URL that works for 1 hour. A " +
    "repeated request for the same revision and options reuses the stored PDF. Needs `read` on the space.",
  request: {
    params: ChangeRequestParams,
    query: PdfQuery,
  },
  responses: {
    200: json(PdfUrlSchema, "URL of the PDF"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getPdfOn(c), 200);
