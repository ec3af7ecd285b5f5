import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";

// The share link routes' parameters (their components are in wire/site-access.ts).

export const ShareLinkParams = SiteParams.extend({ shareLinkId: z.string().min(1).max(128) });
export { PageQuery };
