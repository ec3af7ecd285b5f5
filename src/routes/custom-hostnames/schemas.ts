import { z } from "@hono/zod-openapi";

export const CustomHostnameParams = z.object({
  hostname: z
    .string()
    .min(1)
    .max(512)
    .openapi({ description: 'The custom hostname, for example "docs.example.com" (a site `proxy`\'s host)' }),
});
