import { z } from "@hono/zod-openapi";

// The 0.202 client's RevisionPageMetaLinks: `canonical` and `alternates` (a page's SEO links, which Quire does not
// store: never a canonical, no alternates), plus Quire's navigation links in the same ContentRefPage shape.

const PageRef = z.object({
  kind: z.literal("page"),
  page: z.string().openapi({ description: "The page's id" }),
  space: z.string().optional(),
});

const MetaLinkTargetSchema = z.union([PageRef, z.object({ kind: z.literal("url"), url: z.string() })]);

const NavigationRef = PageRef.extend({
  title: z.string(),
  path: z.string().openapi({ description: "The page's path in the revision" }),
});

export const RevisionPageMetaLinksSchema = z
  .object({
    canonical: MetaLinkTargetSchema.optional(),
    alternates: z.array(MetaLinkTargetSchema).optional(),
    previous: NavigationRef.optional().openapi({ description: "The page before, as the published site orders them" }),
    next: NavigationRef.optional().openapi({ description: "The page after, as the published site orders them" }),
    parent: NavigationRef.optional().openapi({ description: "The page this page is under" }),
  })
  .openapi("RevisionPageMetaLinks", {
    description:
      "A page's meta links. `previous` and `next` follow the published site's reading order (document pages, " +
      "depth first, hidden ones left out); a page outside it has neither. `alternates` is always empty.",
  });
export type RevisionPageMetaLinks = z.infer<typeof RevisionPageMetaLinksSchema>;
