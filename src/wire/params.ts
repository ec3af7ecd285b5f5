import { z } from "@hono/zod-openapi";

// Path parameters that several route areas share.

export const SpaceParams = z.object({ spaceId: z.string() });
export const ChangeRequestParams = z.object({ spaceId: z.string(), changeRequestId: z.string() });
export const RevisionParams = z.object({ spaceId: z.string(), revisionId: z.string() });

export const OrganizationParams = z.object({ organizationId: z.string() });

export const SiteParams = z.object({ organizationId: z.string(), siteId: z.string().min(1).max(128) });

export const CollectionParams = z.object({ collectionId: z.string() });
