import { z } from "@hono/zod-openapi";
import { SiteParams } from "../../wire/params";

// The external link routes' parameters and headers (their components are in wire/site-external-link.ts).

export const SiteExternalLinkParams = SiteParams.extend({ siteExternalLinkId: z.string().min(1).max(128) });

export const ReturnPreferenceHeaders = z.object({
  prefer: z.enum(["return=minimal", "return=representation"]).optional(),
});
