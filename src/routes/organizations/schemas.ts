import { z } from "@hono/zod-openapi";
import { queryBoolean } from "../../wire/common";

export const CreateOrganizationQuery = z.object({
  withDefaultSite: queryBoolean(false),
  openapiUrl: z.string().max(2048).optional(),
});
