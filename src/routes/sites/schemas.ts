import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../wire/common";
import { SiteParams } from "../../wire/params";
import { SiteTypeSchema } from "../../wire/site";
import { SectionGroupPointerSchema } from "../../wire/site-structure";

// The site routes' parameters, queries and unnamed move bodies (the components are in wire/site*.ts).

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

export { PageQuery };

export const SiteSpaceParams = SiteParams.extend({ siteSpaceId: z.string().min(1).max(128) });

export const SiteSpaceListQuery = PageQuery.extend({
  shareKey: z.string().max(200).optional(),
  default: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

export const SiteSectionParams = SiteParams.extend({ siteSectionId: z.string().min(1).max(128) });
export const SiteSectionListQuery = PageQuery.extend({ shareKey: z.string().max(200).optional() });

export const SiteSectionGroupParams = SiteParams.extend({ siteSectionGroupId: z.string().min(1).max(128) });
export const GroupSectionParams = SiteSectionGroupParams.extend({ siteSectionId: z.string().min(1).max(128) });

export const AddSectionToGroupBody = z.object({ sectionId: z.string().min(1).max(128) });

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

/** moveSiteSectionGroup's body: a group names a top-level section or group (SiteSectionGroupPointer). */
export const MoveSectionGroupBody = z.object({
  position: z
    .object({ before: SectionGroupPointerSchema.optional(), after: SectionGroupPointerSchema.optional() })
    .optional(),
});
