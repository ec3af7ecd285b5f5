import { z } from "@hono/zod-openapi";
import { CollectionSchema } from "../../wire/collection";
import { ChangeRequestSchema } from "../../wire/change-request";
import { RevisionPageDocumentSchema, RevisionPageGroupSchema } from "../../wire/revision";
import { URLSchema } from "../../wire/common";
import { SpaceSchema } from "../../wire/space";

// URL resolution: getContentByUrl's content union, and the reference's PublishedSiteContentLookup.

/** Credentials longer than this are refused (the renderer ignores them). */
const LONGEST_CREDENTIAL = 8192;

export const ContentUrlQuery = z.object({
  url: z.string().min(1).max(2048).openapi({ description: "URL to resolve" }),
});

export const ContentByUrlSchema = z.union([
  z.object({ collection: CollectionSchema }).openapi({ description: "URL resolved to a collection" }),
  z
    .object({
      space: SpaceSchema,
      changeRequest: ChangeRequestSchema.optional(),
      page: z.union([RevisionPageDocumentSchema, RevisionPageGroupSchema]).optional(),
    })
    .openapi({ description: "URL resolved to the content of a space" }),
]);

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
    page: z.string().optional().openapi({ description: "Quire's addition: ID of the page the URL shows." }),
    pathname: z.string().openapi({ description: 'Path of the page inside its site space ("" at its root)' }),
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

export const PublishedSiteContentLookupSchema = z
  .union([RedirectSchema, PublishedSiteContentSchema])
  .openapi("PublishedSiteContentLookup");

export { URLSchema };

/** What both published lookups do, for their descriptions. */
export const PUBLISHED_LOOKUP_DESCRIPTION =
  "Resolves a published site's URL (`/~site/{siteId}/…` on the API's origin, or a custom host's proxy path) " +
  "as its renderer serves it: the site must be published and open to the visitor's credentials (the URL's " +
  "`?share=` key for share-link sites; a visitor JWT signed with the site's publishing key, else the URL's " +
  "`jwt_token`, for visitor-auth sites), whose claims decide adaptive content. Answers the site, section, site " +
  "space, space, current revision and page (`page`, Quire's addition); a group or a path the site redirects " +
  "answers a `content` redirect. Without the credentials the site needs: 401, or with `redirectOnError` an " +
  "`external` redirect to the visitor-auth fallback URL when the site has one. 404 when the URL is not a " +
  "published page. `apiToken` is always empty (Quire mints no short-lived tokens; see its description); " +
  "`changeRequest` is never set (sites publish spaces' main content).";
