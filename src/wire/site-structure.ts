import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";
import { SiteExternalLinkSchema } from "./site-external-link";
import { SpaceSchema } from "./space";

// A site's structure: its site spaces, sections and section groups, their bodies and the structure itself.

/** A site space's or a section's path: one URL segment. */
const PathSegment = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, "must be letters, digits, - and _");
const IconSchema = z.string().max(50);

export const SiteSpaceSchema = z
  .object({
    object: z.literal("site-space"),
    id: z.string(),
    path: z.string(),
    section: z.string().optional(),
    space: SpaceSchema,
    title: z.string(),
    default: z.boolean(),
    condition: z.string().optional(),
    draft: z.boolean(),
    urls: z.object({ published: z.string().optional() }),
  })
  .openapi("SiteSpace");
export const SiteSpaceList = listEnvelope(SiteSpaceSchema, "SiteSpaceList");

export const AddSpaceToSiteBody = z
  .object({ spaceId: z.string().min(1).max(128), sectionId: z.string().min(1).max(128).optional() })
  .openapi("AddSpaceToSite");

export const UpdateSiteSpaceBody = z
  .object({
    path: PathSegment.optional(),
    condition: z.string().min(1).max(1024).nullable().optional(),
    spaceId: z.string().min(1).max(128).optional(),
  })
  .openapi("UpdateSiteSpace");

export const SiteSectionSchema = z
  .object({
    object: z.literal("site-section"),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    default: z.boolean().optional(),
    draft: z.boolean(),
    path: z.string(),
    condition: z.string().optional(),
    sectionGroup: z.string().optional(),
    siteSpaces: z.array(SiteSpaceSchema),
    urls: z.object({ published: z.string().optional() }),
    icon: z.string().optional(),
  })
  .openapi("SiteSection");
export const SiteSectionList = listEnvelope(SiteSectionSchema, "SiteSectionList");

export const AddSectionBody = z
  .object({
    spaceId: z.string().min(1).max(128),
    title: z.string().trim().min(2).max(128).nullable().optional(),
    icon: IconSchema.nullable().optional(),
  })
  .openapi("AddSectionToSite");

export const UpdateSectionBody = z
  .object({
    title: z.string().trim().min(2).max(128).optional(),
    path: PathSegment.optional(),
    defaultSiteSpace: z.string().min(1).max(128).optional(),
    condition: z.string().min(1).max(1024).nullable().optional(),
    icon: IconSchema.nullable().optional(),
    description: z.string().max(256).nullable().optional(),
  })
  .openapi("UpdateSiteSection");

export const SiteSectionGroupSchema = z
  .object({
    object: z.literal("site-section-group"),
    id: z.string(),
    title: z.string(),
    draft: z.boolean(),
    sections: z.array(SiteSectionSchema),
    children: z.array(z.union([SiteSectionSchema, SiteExternalLinkSchema])),
    icon: z.string().optional(),
  })
  .openapi("SiteSectionGroup");
export const SiteSectionGroupList = listEnvelope(SiteSectionGroupSchema, "SiteSectionGroupList");

export const AddSectionGroupBody = z
  .object({
    title: z.string().trim().min(1).max(100),
    icon: IconSchema.nullable().optional(),
    sections: z.array(z.string().min(1).max(128)).max(100).optional(),
  })
  .openapi("AddSectionGroupToSite");
export const UpdateSectionGroupBody = z
  .object({ title: z.string().trim().min(1).max(100).optional(), icon: IconSchema.nullable().optional() })
  .openapi("UpdateSiteSectionGroup");

export const SiteStructureSchema = z
  .union([
    z.object({
      type: z.literal("sections"),
      structure: z.array(z.union([SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema])),
    }),
    z.object({ type: z.literal("siteSpaces"), structure: z.array(SiteSpaceSchema) }),
  ])
  .openapi("SiteStructure");

const ItemTypeSchema = z.enum(["site-space", "site-section", "site-section-group", "site-external-link"]);
const PointerSchema = z
  .object({ type: ItemTypeSchema, id: z.string().min(1).max(128) })
  .openapi("SiteStructureItemPointer");

export const SortStructureBody = z
  .object({
    item: PointerSchema,
    position: z.object({ before: PointerSchema.optional(), after: PointerSchema.optional() }),
  })
  .openapi("SortSiteStructure");

export const SiteStructureItemSchema = z
  .union([SiteSpaceSchema, SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema])
  .openapi("SiteStructureItem");

/** moveSiteSectionGroup's pointer: a top-level section or group (`{type, id}`). */
export const SectionGroupPointerSchema = z
  .object({ type: z.enum(["site-section", "site-section-group"]), id: z.string().min(1).max(128) })
  .openapi("SiteSectionGroupPointer");

export type SiteSpace = z.infer<typeof SiteSpaceSchema>;
export type SiteSpaceList = z.infer<typeof SiteSpaceList>;
export type AddSpaceToSite = z.infer<typeof AddSpaceToSiteBody>;
export type UpdateSiteSpace = z.infer<typeof UpdateSiteSpaceBody>;
export type SiteSection = z.infer<typeof SiteSectionSchema>;
export type SiteSectionList = z.infer<typeof SiteSectionList>;
export type AddSectionToSite = z.infer<typeof AddSectionBody>;
export type UpdateSiteSection = z.infer<typeof UpdateSectionBody>;
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;
export type SiteSectionGroupList = z.infer<typeof SiteSectionGroupList>;
export type AddSectionGroupToSite = z.infer<typeof AddSectionGroupBody>;
export type UpdateSiteSectionGroup = z.infer<typeof UpdateSectionGroupBody>;
export type SiteStructure = z.infer<typeof SiteStructureSchema>;
export type SortSiteStructure = z.infer<typeof SortStructureBody>;
export type SiteStructureItem = z.infer<typeof SiteStructureItemSchema>;
