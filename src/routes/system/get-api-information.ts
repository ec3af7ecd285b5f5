import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { API_BUILD, API_VERSION } from "../../version";

export const route = defineRoute({
  method: "get",
  path: "/",
  operationId: "getApiInformation",
  tags: ["api"],
  summary: "Get API information",
  anonymous: true,
  responses: {
    200: json(z.object({ version: z.string(), build: z.string() }).openapi("ApiInformation")),
  },
});

export const handler: AppRouteHandler<typeof route> = (c) => c.json({ version: API_VERSION, build: API_BUILD }, 200);
