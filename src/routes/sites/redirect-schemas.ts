import { z } from "@hono/zod-openapi";
import { listEnvelope, PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";

const Id = z.string().min(1).max(128);

export const SiteRedirectParams = SiteParams.extend({ siteRedirectId: Id });

export const SiteRedirectSourcePath = z
  .string()
  .max(512)
  .regex(
    /^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$/,
    "must be a path such as /old/page (unreserved characters or %XX escapes, no empty segment)",
  )
  .openapi("SiteRedirectSourcePath", { description: "The source path to redirect from." });

const DestinationSiteSection = z
  .object({ kind: z.literal("site-section"), siteSectionId: Id })
  .openapi("SiteRedirectDestinationSiteSection");
const DestinationSiteSpace = z
  .object({ kind: z.literal("site-space"), siteSpaceId: Id })
  .openapi("SiteRedirectDestinationSiteSpace");
const DestinationPage = z
  .object({ kind: z.literal("site-page"), siteSpaceId: Id, pageId: Id })
  .openapi("SiteRedirectDestinationPage");

export const SiteRedirectDestination = z
  .discriminatedUnion("kind", [DestinationSiteSection, DestinationSiteSpace, DestinationPage])
  .openapi("SiteRedirectDestination");

export const SiteRedirectSchema = z
  .object({
    object: z.literal("site-redirect"),
    id: z.string(),
    source: z.string(),
    destination: SiteRedirectDestination,
  })
  .openapi("SiteRedirect");
export const SiteRedirectList = listEnvelope(SiteRedirectSchema, "SiteRedirectList");
export { PageQuery };

export const CreateSiteRedirectBody = z
  .object({ source: SiteRedirectSourcePath, destination: SiteRedirectDestination })
  .openapi("CreateSiteRedirect");
export const UpdateSiteRedirectBody = z
  .object({ source: SiteRedirectSourcePath.optional(), destination: SiteRedirectDestination.optional() })
  .openapi("UpdateSiteRedirect");

export const SiteRedirectBySourceQuery = z.object({
  source: SiteRedirectSourcePath,
  shareKey: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "Accepted; the target is a path relative to the site, with no share key yet." }),
});

export const ResolvedSiteRedirectSchema = z
  .object({
    redirect: SiteRedirectSchema,
    target: z.string().openapi({ description: "The destination's published path, relative to the site." }),
  })
  .openapi("ResolvedSiteRedirect");
