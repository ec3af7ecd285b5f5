import { z } from "@hono/zod-openapi";

// The reference's PublishedSiteContentLookup (what resolvePublishedContentByUrl answers) and its visitor payload.

/** Credentials longer than this are refused (the renderer ignores them). */
const LONGEST_CREDENTIAL = 8192;

export const VisitorTokenSchema = z
  .string()
  .max(LONGEST_CREDENTIAL)
  .openapi({ description: "JWT token generated for a authenticated access session" });

export const SiteVisitorPayloadSchema = z
  .object({
    jwtToken: VisitorTokenSchema.optional(),
    unsignedClaims: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("SiteVisitorPayload", {
    description:
      "An object that describes the payload of site visitor info. It can include a jwt token with signed claims " +
      "and/or a record of its unsigned claims.",
  });
export type SiteVisitorPayload = z.infer<typeof SiteVisitorPayloadSchema>;

const RedirectSchema = z
  .object({
    target: z.enum(["application", "content", "external"]).openapi({ description: "Type of target for the redirect" }),
    redirect: z.string(),
  })
  .openapi({ title: "Redirect" });

const PublishedSiteContentSchema = z
  .object({
    site: z.string().openapi({ description: "ID of the site matching." }),
    siteSection: z.string().optional().openapi({ description: "ID of the site-section matching." }),
    siteSpace: z.string().openapi({ description: "ID of the site-space matching." }),
    space: z.string().openapi({ description: "ID of the space matching." }),
    changeRequest: z.string().optional(),
    revision: z.string().optional().openapi({ description: "The space's current revision, which the site shows." }),
    page: z
      .string()
      .optional()
      .openapi({ description: "Quire's addition: ID of the page the URL shows (absent when it is no page)." }),
    pathname: z.string().openapi({
      description: 'Path the URL names inside its site space ("" at its root): a page\'s, or any other (`llms.txt`)',
    }),
    basePath: z.string().openapi({ description: "Prefix of the input URL's path up to the page path, with `/` last" }),
    siteBasePath: z.string().openapi({ description: "Prefix of the input URL's path to the site's root, `/` last" }),
    apiToken: z.string().openapi({
      description:
        "Always empty: Quire mints no short-lived API tokens. The content is read without a token: public and " +
        "unlisted sites' spaces anonymously, share-link sites' with `shareKey`, visitor-auth sites' with the " +
        "visitor's JWT (`X-Quire-Visitor-Token`).",
    }),
    organization: z.string().openapi({ description: "ID of the organization." }),
    shareKey: z.string().optional(),
    complete: z.boolean(),
    contextId: z.string().optional(),
    canonicalUrl: z.string().openapi({ description: "The canonical URL of the page the URL shows." }),
  })
  .openapi("PublishedSiteContent", { title: "Site Content" });
export type PublishedSiteContent = z.infer<typeof PublishedSiteContentSchema>;

export const PublishedSiteContentLookupSchema = z
  .union([RedirectSchema, PublishedSiteContentSchema])
  .openapi("PublishedSiteContentLookup");
export type PublishedSiteContentLookup = z.infer<typeof PublishedSiteContentLookupSchema>;
