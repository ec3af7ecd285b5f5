import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, TimestampSchema, listEnvelope } from "./common";

const Email = z.email().max(320);

export const InviteUsersBody = z
  .object({
    emails: z
      .array(z.union([Email, z.object({ email: Email, role: MemberRoleOrGuestSchema })]))
      .min(1)
      .max(100),
    role: MemberRoleOrGuestSchema.optional(),
    sso: z.boolean().optional(),
  })
  .openapi("InviteUsersToOrganization");
export type InviteUsersToOrganization = z.infer<typeof InviteUsersBody>;

export const InviteUsersResponse = z
  .object({
    users: z.array(z.string()),
    invited: z.number().int(),
    failedSSOEmails: z.array(z.string()).optional(),
    links: z.array(z.object({ email: z.string(), url: z.string(), expiresAt: TimestampSchema })).openapi({
      description:
        "For each email without an account, a one-time link that creates that account and joins, shown only here: pass it on to that person, as Quire sends no email (Quire)",
    }),
  })
  .openapi("InviteUsersToOrganizationResult");
export type InviteUsersToOrganizationResult = z.infer<typeof InviteUsersResponse>;

/** Quire's additions to the reference's link: an optional expiry and a disabled flag. */
const LinkExtras = {
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .openapi({ description: "When the link stops working (Quire)" }),
  disabled: z.boolean().optional().openapi({ description: "A disabled link cannot be used to join (Quire)" }),
};

/**
 * The reference's body is one of `{role}` (organization), `{level, space}` or `{level, collection}`. Links to
 * spaces and collections are refused with 400 until those resources exist in Quire.
 */
export const CreateInviteBody = z
  .object({
    role: MemberRoleOrGuestSchema.optional(),
    level: MemberRoleOrGuestSchema.optional(),
    space: z.string().optional(),
    collection: z.string().optional(),
    ...LinkExtras,
  })
  .superRefine((body, ctx) => {
    if (body.space !== undefined) {
      ctx.addIssue({ code: "custom", path: ["space"], message: "invite links to a space are not supported yet" });
    } else if (body.collection !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["collection"],
        message: "invite links to a collection are not supported yet",
      });
    } else if (body.role === undefined) {
      ctx.addIssue({ code: "custom", path: ["role"], message: "is required" });
    }
  })
  .openapi("CreateOrganizationInvite");
export type CreateOrganizationInvite = z.infer<typeof CreateInviteBody>;

export const UpdateInviteBody = z
  .object({ role: MemberRoleOrGuestSchema.optional(), level: MemberRoleOrGuestSchema.optional(), ...LinkExtras })
  .superRefine((body, ctx) => {
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: "custom", path: ["role"], message: "is required (or level, expiresAt, disabled)" });
    }
  })
  .openapi("UpdateOrganizationInvite");
export type UpdateOrganizationInvite = z.infer<typeof UpdateInviteBody>;

export const InviteLinkSchema = z
  .object({
    object: z.literal("invite"),
    id: z.string(),
    role: MemberRoleOrGuestSchema,
    redundant: z.boolean(),
    createdAt: TimestampSchema,
    expiresAt: TimestampSchema.optional(),
    disabled: z.boolean(),
    urls: z.object({
      location: z.string(),
      join: z.string(),
      app: z.string().openapi({ description: "The app's page that joins with the link (Quire)" }),
    }),
  })
  .openapi("InviteLinkToOrganization");
export type InviteLinkToOrganization = z.infer<typeof InviteLinkSchema>;

export const InviteLinkList = listEnvelope(InviteLinkSchema, "InviteLinkToOrganizationList");
