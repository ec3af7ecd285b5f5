import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { SiteRedirectSourcePath } from "../../wire/site-redirect";

// The redirect routes' parameters and query (their components are in wire/site-redirect.ts).

export const SiteRedirectParams = SiteParams.extend({ siteRedirectId: z.string().min(1).max(128) });
export { PageQuery };

export const SiteRedirectBySourceQuery = z.object({
  source: SiteRedirectSourcePath,
  shareKey: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "Accepted; the target is a path relative to the site, with no share key yet." }),
});
