import { z } from "@hono/zod-openapi";
import { CUSTOM_HOSTNAME_STATUSES } from "../db/schema";

export const CustomHostnameSchema = z
  .object({
    object: z.literal("custom-hostname"),
    hostname: z.string(),
    target: z.object({ type: z.literal("site"), site: z.string() }),
    isActive: z.boolean(),
    status: z.enum(CUSTOM_HOSTNAME_STATUSES).openapi("CustomHostnameStatus"),
    urls: z.object({ location: z.string() }),
    verification: z
      .object({
        txt: z.object({ name: z.string(), values: z.array(z.string()) }),
        cname: z.object({ name: z.string(), target: z.string() }).optional(),
        contested: z
          .literal(true)
          .optional()
          .openapi({
            description:
              "Another organization has claimed this host in the last 7 days without proving it: only the TXT " +
              "record proves the host between them (a CNAME is the same for everyone). Proving it clears their claim.",
          }),
      })
      .openapi({
        description:
          "Quire's addition: the DNS records that prove the hostname. Either a TXT record at `txt.name` holding " +
          "every value of `txt.values` (one per site on the host), or (when the deployment sets " +
          "PUBLIC_SITES_HOST and no other organization contests the host) the host as a CNAME to `cname.target`; " +
          "then dnsRevalidateCustomHostname.",
      }),
  })
  .openapi("CustomHostname");
export type CustomHostname = z.infer<typeof CustomHostnameSchema>;
