import { z } from "@hono/zod-openapi";
import { SpecSlugSchema } from "../../wire/openapi-spec";

export const SpecParams = z.object({ organizationId: z.string(), specSlug: z.string().max(100) });
/** PUT creates the spec under the path's slug, so the slug is validated there. */
export const SpecPutParams = z.object({ organizationId: z.string(), specSlug: SpecSlugSchema });
export const SpecVersionParams = SpecParams.extend({ versionId: z.string().max(100) });
