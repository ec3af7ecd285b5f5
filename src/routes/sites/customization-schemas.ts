import { z } from "@hono/zod-openapi";
import { queryBoolean } from "../../wire/common";

// The customization reads' query (the components are in wire/site-customization.ts).

/** The deprecated `unmasked` query of the reads (nothing is masked here: accepted and ignored). */
export const CustomizationQuery = z.object({
  unmasked: queryBoolean(false)
    .optional()
    .openapi({ type: "boolean", deprecated: true, description: "(Deprecated) Nothing is masked." }),
});
