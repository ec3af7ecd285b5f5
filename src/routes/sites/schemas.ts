import { z } from "@hono/zod-openapi";
import { normalizeProxy } from "../../services/sites";
import { listEnvelope, PageQuery, queryBoolean } from "../../wire/common";
import { SpaceSchema } from "../../wire/space";
import { SiteParams } from "../../wire/params";
import { SiteExternalLinkSchema } from "./external-link-schemas";
import {
  AgentsContextSchema,
  SiteSchema,
  SiteTitleSchema,
  SiteTypeSchema,
  SiteVisibilitySchema,
} from "../../wire/site";

export const SiteList = listEnvelope(SiteSchema, "SiteList");

/** Repeated `type` keys (or one) as an array. */
const typeFilter = z
  .union([SiteTypeSchema, z.array(SiteTypeSchema)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

export const SiteListQuery = PageQuery.extend({
  space: z.string().max(128).optional().openapi({ description: "Only sites publishing this space" }),
  title: z.string().max(128).optional().openapi({ description: "Only sites whose title contains this" }),
  published: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  type: typeFilter,
});

export const CreateSiteBody = z
  .object({
    type: SiteTypeSchema.optional(),
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    spaces: z.union([z.array(z.string().min(1).max(128)).max(100), z.enum(["sample", "empty"])]).optional(),
  })
  .openapi("CreateSite");

export const UpdateSiteBody = z
  .object({
    title: SiteTitleSchema.optional(),
    visibility: SiteVisibilitySchema.optional(),
    basename: z.string().min(1).max(100).openapi("SiteBasename").optional(),
    adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
    agentsContext: AgentsContextSchema.optional(),
    defaultSiteSpace: z.string().min(1).max(128).optional(),
    defaultSiteSection: z.string().min(1).max(128).optional(),
    proxy: z
      .string()
      .max(600)
      .superRefine((value, issue) => {
        const normal = normalizeProxy(value);
        if ("error" in normal) issue.addIssue({ code: "custom", message: normal.error });
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "A custom host and optional path (`docs.example.com/help`), stored normalized; served once its DNS " +
          "is verified (dnsRevalidateCustomHostname). `null` removes it.",
      }),
  })
  .openapi("UpdateSite");

export { PageQuery, queryBoolean };

/** A site space's or a section's path: one URL segment. */
const PathSegment = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, "must be letters, digits, - and _");

export const SiteSpaceParams = SiteParams.extend({ siteSpaceId: z.string().min(1).max(128) });

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

export const SiteSpaceListQuery = PageQuery.extend({
  shareKey: z.string().max(200).optional(),
  default: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

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

export const SiteSectionParams = SiteParams.extend({ siteSectionId: z.string().min(1).max(128) });
const IconSchema = z.string().max(50);

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
export const SiteSectionListQuery = PageQuery.extend({ shareKey: z.string().max(200).optional() });

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

export const SiteSectionGroupParams = SiteParams.extend({ siteSectionGroupId: z.string().min(1).max(128) });
export const GroupSectionParams = SiteSectionGroupParams.extend({ siteSectionId: z.string().min(1).max(128) });

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
export const AddSectionToGroupBody = z.object({ sectionId: z.string().min(1).max(128) });

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

/**
 * The deprecated moves' bodies, by the reference's pointer shapes: a site space or section names one of its kind
 * (`{type, siteSpace}`, `{type, siteSection}`).
 */
export function movePositionBody<K extends string>(type: string, key: K) {
  const pointer = z.object({ type: z.literal(type), [key]: z.string().min(1).max(128) } as Record<
    string,
    z.ZodTypeAny
  >);
  return z.object({ position: z.object({ before: pointer.optional(), after: pointer.optional() }).optional() });
}

/** moveSiteSectionGroup's body: a group names a top-level section or group (`{type, id}`, SiteSectionGroupPointer). */
const SectionGroupPointerSchema = z
  .object({ type: z.enum(["site-section", "site-section-group"]), id: z.string().min(1).max(128) })
  .openapi("SiteSectionGroupPointer");
export const MoveSectionGroupBody = z.object({
  position: z
    .object({ before: SectionGroupPointerSchema.optional(), after: SectionGroupPointerSchema.optional() })
    .optional(),
});
