import { z } from "@hono/zod-openapi";
import { ROLES } from "../services/access";

/** Shared wire schemas (named components in the OpenAPI document). */
export const MemberRoleSchema = z.enum(ROLES).openapi("MemberRole");
export const MemberRoleOrGuestSchema = z.enum(ROLES).nullable().openapi("MemberRoleOrGuest");
export const TimestampSchema = z
  .string()
  .openapi("Timestamp", { format: "date-time", example: "2026-11-21T10:00:00.000Z" });

/** A boolean sent as a query string ("true"/"false"), as the official client does. */
export function queryBoolean(defaultValue: boolean) {
  return z
    .enum(["true", "false"])
    .default(defaultValue ? "true" : "false")
    .transform((v) => v === "true")
    .openapi({ type: "boolean" });
}

/** A query parameter that may repeat (`a=1&a=2`); a single value is a one-item array. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());
}

/** `page` (opaque cursor) and `limit` (0..1000, default 100), as every list takes them (CONTRACT §5). */
export const PageQuery = z.object({
  page: z.string().optional().openapi({ description: "Identifier of the page results to fetch (from `next.page`)." }),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(100)
    .openapi({ description: "The number of results per page" }),
});

/** The list envelope: `items`, `count` (total matching), `next.page` omitted on the last page. */
export function listEnvelope<T extends z.ZodType>(item: T, name?: string) {
  const schema = z.object({
    items: z.array(item),
    count: z.number().int(),
    next: z.object({ page: z.string() }).optional(),
  });
  return name ? schema.openapi(name) : schema;
}

export const URLSchema = z
  .url({ protocol: /^https?$/, error: "must be an absolute http or https URL" })
  .max(2048)
  .openapi("URL");
