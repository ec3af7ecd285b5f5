import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../wire/common";

/** `query` (required, at most 512 characters) with the list's `page` and `limit`. */
export const SearchQuery = PageQuery.extend({
  query: z
    .string()
    .min(1)
    .max(512)
    .openapi({ description: "The text to search for (words; the last one may be a prefix)." }),
});
