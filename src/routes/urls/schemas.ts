import { z } from "@hono/zod-openapi";
import { CollectionSchema } from "../../wire/collection";
import { ChangeRequestSchema } from "../../wire/change-request";
import { RevisionPageDocumentSchema, RevisionPageGroupSchema } from "../../wire/revision";
import { SpaceSchema } from "../../wire/space";

// URL resolution: getContentByUrl's content union (the published lookup's is in wire/published-site-content).

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

/** What both published lookups do, for their descriptions. */
export const PUBLISHED_LOOKUP_DESCRIPTION =
  "Resolves a published site's URL (`/~site/{siteId}/…` on the API's origin, or a custom host's proxy path) " +
  "as its renderer serves it: the site must be published and open to the visitor's credentials (the URL's " +
  "`?share=` key for share-link sites; a visitor JWT signed with the site's publishing key, else the URL's " +
  "`jwt_token`, for visitor-auth sites), whose claims decide adaptive content. Answers the site, section, site " +
  "space, space, current revision and page (`page`, Quire's addition); a group or a path the site redirects " +
  "answers a `content` redirect; any other path under the site (`llms.txt`, `sitemap.xml`, `~gitbook/…`) answers " +
  "the site space it falls in, the rest of the path in `pathname` (a `.md` suffix kept) and no `page`. Without the credentials the site needs: 401, or with `redirectOnError` an " +
  "`external` redirect to the visitor-auth fallback URL when the site has one. 404 when the URL is under no " +
  "published site the visitor may open. `apiToken` is always empty (Quire mints no short-lived tokens; see its description); " +
  "`changeRequest` is never set (sites publish spaces' main content).";
