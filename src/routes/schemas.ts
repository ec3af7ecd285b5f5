import { z } from "@hono/zod-openapi";
import { ROLES } from "../services/access/roles";

/** Shared wire schemas (named components in the OpenAPI document). */
export const MemberRoleSchema = z.enum(ROLES).openapi("MemberRole");
export const MemberRoleOrGuestSchema = z.enum(ROLES).nullable().openapi("MemberRoleOrGuest");
export const TimestampSchema = z
  .string()
  .openapi("Timestamp", { format: "date-time", example: "2026-11-21T10:00:00.000Z" });

export const UserSchema = z
  .object({
    object: z.literal("user"),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("User");

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
