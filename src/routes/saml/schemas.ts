import { z } from "@hono/zod-openapi";

export const SamlParams = z.object({ organizationId: z.string(), samlProviderId: z.string() });
