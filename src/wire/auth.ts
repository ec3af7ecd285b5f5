import { z } from "@hono/zod-openapi";
import { UserSchema } from "./user";

/** WebAuthn JSON (the shapes `@simplewebauthn/browser` sends and receives), checked as far as Quire reads them. */
const base64url = z
  .string()
  .min(1)
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]+$/, "must be base64url");

const credentialCommon = {
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const RegistrationResponse = z
  .object({
    ...credentialCommon,
    response: z
      .object({
        clientDataJSON: base64url,
        attestationObject: base64url,
        transports: z.array(z.string().max(32)).max(10).optional(),
      })
      .passthrough(),
  })
  .openapi("PasskeyRegistrationResponse", { description: "navigator.credentials.create()'s answer, as JSON" });

export const AuthenticationResponse = z
  .object({
    ...credentialCommon,
    response: z
      .object({
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.optional(),
      })
      .passthrough(),
  })
  .openapi("PasskeyAuthenticationResponse", { description: "navigator.credentials.get()'s answer, as JSON" });

export const SignInLink = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: "The secret of a one-time sign-in link (`/sign-in#link=<secret>`)" });

export const InviteReference = z
  .object({ organizationId: z.string().min(1).max(100), inviteId: z.string().min(1).max(100) })
  .openapi("InviteReference", {
    description: "An invite link to an organization (`/join/{organizationId}/{inviteId}`)",
  });

export const NewAccount = z
  .object({
    displayName: z.string().trim().min(1).max(64),
    email: z.email().max(320).optional().openapi({
      description: "Required through an invite link (and not verified); an email invitation's link is for its own",
    }),
  })
  .openapi("NewAccount", { description: "The person a sign-up through an invite or an invitation creates" });

export const InvitationLink = z.string().min(1).max(200).openapi({
  description: "The secret of an email invitation's one-time link (`/join/invitation#invitation=<secret>`)",
});

export const PasskeyOptionsSchema = z
  .object({
    options: z
      .object({ challenge: z.string() })
      .passthrough()
      .openapi({ description: "PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON" }),
  })
  .openapi("PasskeyOptions");

export const SessionSchema = z
  .object({
    object: z.literal("session"),
    id: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().optional(),
    expiresAt: z.string().openapi({ description: "When it ends unless used before (each use slides it)" }),
    userAgent: z.string().optional(),
    current: z.boolean().openapi({ description: "Whether this request was made with it" }),
  })
  .openapi("Session");

export const PasskeySchema = z
  .object({ object: z.literal("passkey"), id: z.string(), label: z.string(), createdAt: z.string() })
  .openapi("Passkey");

export const SignedInSchema = z
  .object({
    user: UserSchema,
    session: z.object({ id: z.string(), expiresAt: z.string() }),
  })
  .openapi("SignedIn");

/** registerPasskey's answer: the passkey made, whose account it is, and the session when it signed in. */
export const RegisteredPasskeySchema = PasskeySchema.extend({
  user: UserSchema,
  session: z.object({ id: z.string(), expiresAt: z.string() }).optional(),
}).openapi("RegisteredPasskey");

export const SessionList = z.object({ items: z.array(SessionSchema), count: z.number().int() }).openapi("SessionList");

export type Session = z.infer<typeof SessionSchema>;
export type Passkey = z.infer<typeof PasskeySchema>;
