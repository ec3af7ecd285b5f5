import { z } from "@hono/zod-openapi";
import { listEnvelope, PageQuery } from "./common";
import { OrganizationSchema } from "./organization";
import { SpaceSchema } from "./space";
import { ChangeRequestSchema } from "./change-request";
import { RevisionFileSchema, RevisionPageSchema } from "./revision";

const VersionContext = z
  .object({ type: z.literal("changeRequest"), changeRequest: ChangeRequestSchema })
  .openapi("ContentLocationChangeRequestContext");

const LocationPage = z
  .object({
    kind: z.literal("page"),
    organization: OrganizationSchema,
    space: SpaceSchema,
    page: RevisionPageSchema,
    versionContext: VersionContext.optional(),
    internalLocation: z.object({ type: z.literal("anchor"), anchor: z.string() }).optional(),
  })
  .openapi("ContentLocationPage");

const LocationFile = z
  .object({
    kind: z.literal("file"),
    organization: OrganizationSchema,
    space: SpaceSchema,
    file: RevisionFileSchema,
    versionContext: VersionContext.optional(),
  })
  .openapi("ContentLocationFile");

const LocationURL = z.object({ kind: z.literal("url"), url: z.string() }).openapi("ContentLocationURL");

export const ContentLocationSchema = z
  .discriminatedUnion("kind", [LocationPage, LocationFile, LocationURL])
  .openapi("ContentLocation");

export const LinkStatusSchema = z.enum(["ok", "broken", "in-app"]).openapi("ContentReferenceStatus");

export const ContentReferenceUsageSchema = z
  .object({
    status: LinkStatusSchema,
    relation: z.enum(["reference", "dependsOn"]),
    targetReference: ContentLocationSchema.optional(),
    locationReferences: z.array(ContentLocationSchema),
  })
  .openapi("ContentReferenceUsage");

export const ContentReferencesStatsSchema = z
  .object({ total: z.number(), broken: z.object({ total: z.number(), changeRequest: z.number().optional() }) })
  .openapi("ContentReferencesStats");

export const LinkList = listEnvelope(ContentReferenceUsageSchema)
  .extend({ stats: ContentReferencesStatsSchema })
  .openapi("ContentReferenceUsageList");
export type ContentReferenceUsageList = z.infer<typeof LinkList>;

export const BacklinkList = listEnvelope(ContentLocationSchema, "ContentLocationList");
export type ContentLocationList = z.infer<typeof BacklinkList>;

export const LinkQuery = PageQuery.extend({ status: LinkStatusSchema.optional() });
export const ChangeRequestLinkQuery = LinkQuery.extend({
  brokenContext: z.enum(["change-request", "space"]).optional(),
});
