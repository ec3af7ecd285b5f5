import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { abortUnless, isAborted } from "../../db/abort-unless";
import type { Statement } from "../../db/batch";
import { passkeys, signInLinks, users, webauthnChallenges } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { badRequest, unauthorized } from "../../lib/errors";
import { requireUser, type ServiceContext } from "../core";
import type { UserRow } from "../people";
import {
  assertSameInvite,
  explainSignUpFailure,
  type InviteRef,
  isSignUp,
  type NewPerson,
  signUpStatements,
  startInvitationSignUp,
  startInviteSignUp,
} from "./invite-sign-up";
import { type OpenedSession, planSession } from "./sessions";

/** The relying party: this deployment's origin, as the browser saw it. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The browser a ceremony runs in: the SHA-256 of its HttpOnly ceremony cookie, and its user agent. */
export interface Browser {
  hash: string;
  userAgent?: string;
}

/** A ceremony's options are good for this long (the browser's own timeout is a minute). */
const CHALLENGE_TTL_MS = 5 * 60_000;

// The WebAuthn library (CBOR, COSE, attestation formats) loads on the first ceremony, not at isolate start.
const webauthn = () => import("@simplewebauthn/server");

const linkInvalid = () =>
  unauthorized("This sign-in link is unknown, has been used, or has expired; ask for a new one");

export type PasskeyRow = typeof passkeys.$inferSelect;

export interface SignedIn {
  user: UserRow;
  session: OpenedSession;
}

type ChallengeRow = typeof webauthnChallenges.$inferSelect;

/** What a registration's challenge is for: the account, and the link or invite it came through. */
type ChallengeBinding = Partial<
  Pick<ChallengeRow, "userId" | "linkHash" | "organizationId" | "inviteId" | "invitationHash" | "email" | "displayName">
>;

/** The statements that record a ceremony's challenge (and drop long-expired ones, so the table stays small). */
function recordChallenge(
  ctx: ServiceContext,
  challenge: string,
  purpose: "registration" | "authentication",
  browser: Browser,
  binding: ChallengeBinding,
): Statement[] {
  return [
    ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, ctx.now)),
    ctx.db.insert(webauthnChallenges).values({
      challenge,
      purpose,
      browserHash: browser.hash,
      ...binding,
      createdAt: ctx.now,
      expiresAt: ctx.now + CHALLENGE_TTL_MS,
      usedAt: null,
    }),
  ];
}

/**
 * Uses up the challenge a response answers: issued for this purpose to this browser, unexpired, unused. Taken
 * before verifying, so a challenge never serves twice, even when the first answer fails.
 */
async function claimChallenge(
  ctx: ServiceContext,
  clientDataJSON: string,
  purpose: "registration" | "authentication",
  browser: Browser,
) {
  const { isoBase64URL } = await import("@simplewebauthn/server/helpers");
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    throw badRequest("response.response.clientDataJSON: is not base64url-encoded JSON");
  }
  if (typeof challenge !== "string") throw badRequest("response.response.clientDataJSON: has no challenge");
  const [row] = await ctx.db
    .update(webauthnChallenges)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.browserHash, browser.hash),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, ctx.now),
      ),
    )
    .returning();
  if (!row) {
    throw badRequest(
      `No ${purpose} was started in this browser for this answer, or it expired; ask for new options and try again`,
    );
  }
  return row;
}

const unusedLink = (linkHash: string, now: number) =>
  and(eq(signInLinks.tokenHash, linkHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now));

async function userOf(ctx: ServiceContext, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // A link or session outliving its user (deleted since) signs in no one.
  if (!user) throw unauthorized("This account no longer exists");
  return user;
}

/**
 * Options to register a passkey: for the user of a one-time sign-in link, for a new person joining through an
 * invite link or an email invitation's link (invite-sign-up.ts), or for the signed-in caller adding another one. The person's existing
 * passkeys are excluded, so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  ctx: ServiceContext,
  input: {
    link?: string;
    invite?: InviteRef;
    invitation?: string;
    person?: NewPerson;
    rp: RelyingParty;
    browser: Browser;
  },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  let account: { id: string; email: string; displayName: string };
  let existing: PasskeyRow[] = [];
  let binding: ChallengeBinding;
  if (input.invite || input.invitation !== undefined) {
    if (!input.person) throw badRequest("body.user: is required to create an account");
    const signUp = input.invite
      ? await startInviteSignUp(ctx, input.invite, input.person)
      : await startInvitationSignUp(ctx, input.invitation!, input.person);
    account = { id: signUp.userId, email: signUp.email, displayName: signUp.displayName };
    binding = signUp;
  } else {
    let userId: string;
    let linkHash: string | null = null;
    if (input.link !== undefined) {
      linkHash = await sha256Hex(input.link);
      const [link] = await ctx.db.select().from(signInLinks).where(unusedLink(linkHash, ctx.now));
      if (!link) throw linkInvalid();
      userId = link.userId;
    } else {
      userId = requireUser(ctx.caller).userId;
    }
    [account, existing] = await Promise.all([
      userOf(ctx, userId),
      ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId)),
    ]);
    binding = { userId, linkHash };
  }
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: "Quire",
    rpID: input.rp.id,
    userName: account.email,
    userDisplayName: account.displayName,
    userID: new TextEncoder().encode(account.id) as Uint8Array<ArrayBuffer>,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await ctx.db.batch(recordChallenge(ctx, options.challenge, "registration", input.browser, binding) as [Statement]);
  return options;
}

const transportsOf = (p: PasskeyRow) =>
  p.transports ? (JSON.parse(p.transports) as NonNullable<RegistrationResponseJSON["response"]["transports"]>) : [];

/**
 * Registers the passkey a browser made from `passkeyRegistrationOptions`. Through a link, the link is used up
 * and the person signed in, in one batch (a link raced from two browsers registers one passkey); through an
 * invite or an invitation, the person of the options is created, joins and is signed in, in one batch; signed in, the passkey
 * is added to the caller's account.
 */
export async function registerPasskey(
  ctx: ServiceContext,
  input: {
    response: RegistrationResponseJSON;
    label?: string;
    invite?: InviteRef;
    rp: RelyingParty;
    browser: Browser;
  },
): Promise<{ user: UserRow; passkey: PasskeyRow; session?: OpenedSession }> {
  const challenge = await claimChallenge(ctx, input.response.response.clientDataJSON, "registration", input.browser);
  assertSameInvite(challenge, input.invite);
  const signsIn = Boolean(challenge.linkHash) || isSignUp(challenge);
  if (!signsIn && requireUser(ctx.caller).userId !== challenge.userId) {
    throw badRequest("These options were made for another account; ask for new options");
  }
  const userId = challenge.userId!;
  const { verifyRegistrationResponse } = await webauthn();
  const { isoBase64URL } = await import("@simplewebauthn/server/helpers");
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    throw badRequest(`response: the passkey could not be verified: ${(error as Error).message}`);
  }
  if (!verified.verified) throw badRequest("response: the passkey could not be verified");
  const info = verified.registrationInfo;
  const passkey: PasskeyRow = {
    id: info.credential.id,
    userId,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    label: input.label?.trim() || labelFor(input.browser.userAgent),
    createdAt: ctx.now,
    lastUsedAt: null,
  };
  const statements: Statement[] = [];
  let session: OpenedSession | undefined;
  if (isSignUp(challenge)) statements.push(...signUpStatements(ctx, challenge));
  if (challenge.linkHash) {
    statements.push(
      abortUnless(ctx.db, sql`EXISTS (SELECT 1 FROM ${signInLinks} WHERE ${unusedLink(challenge.linkHash, ctx.now)})`),
      ctx.db.update(signInLinks).set({ usedAt: ctx.now }).where(eq(signInLinks.tokenHash, challenge.linkHash)),
    );
  }
  if (signsIn) {
    const planned = await planSession(ctx.db, userId, input.browser.userAgent, ctx.now);
    session = planned.session;
    statements.push(planned.statement);
  }
  // A credential id already registered (to anyone) is refused by the primary key, inside the same batch.
  statements.push(ctx.db.insert(passkeys).values(passkey).onConflictDoNothing());
  statements.push(abortUnless(ctx.db, sql`changes() = 1`));
  try {
    await ctx.db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isAborted(error)) throw error;
    if (challenge.linkHash) {
      const [link] = await ctx.db.select().from(signInLinks).where(unusedLink(challenge.linkHash, ctx.now));
      if (!link) throw linkInvalid();
    }
    if (isSignUp(challenge)) await explainSignUpFailure(ctx, challenge);
    throw badRequest("response: this passkey is already registered");
  }
  return { user: await userOf(ctx, userId), passkey, session };
}

/** A passkey's default name: the browser it was made in, as a person would say it. */
function labelFor(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Passkey";
  const system = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

/** Options to sign in with any passkey this deployment knows (discoverable credentials: no user is named). */
export async function passkeyAuthenticationOptions(
  ctx: ServiceContext,
  input: { rp: RelyingParty; browser: Browser },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: input.rp.id, userVerification: "preferred" });
  await ctx.db.batch(recordChallenge(ctx, options.challenge, "authentication", input.browser, {}) as [Statement]);
  return options;
}

/** Signs a person in with a passkey: verified against its stored key, its counter moved, a session opened. */
export async function signInWithPasskey(
  ctx: ServiceContext,
  input: { response: AuthenticationResponseJSON; rp: RelyingParty; browser: Browser },
): Promise<SignedIn> {
  const challenge = await claimChallenge(ctx, input.response.response.clientDataJSON, "authentication", input.browser);
  const [passkey] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, input.response.id));
  if (!passkey) throw unauthorized("This passkey is not registered here; sign in with another or use a sign-in link");
  const { verifyAuthenticationResponse } = await webauthn();
  const { isoBase64URL } = await import("@simplewebauthn/server/helpers");
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    throw unauthorized(`The passkey could not be verified: ${(error as Error).message}`);
  }
  if (!verified.verified) throw unauthorized("The passkey could not be verified");
  const user = await userOf(ctx, passkey.userId);
  const { session, statement } = await planSession(ctx.db, passkey.userId, input.browser.userAgent, ctx.now);
  await ctx.db.batch([
    ctx.db
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: ctx.now })
      .where(eq(passkeys.id, passkey.id)),
    statement,
  ]);
  return { user, session };
}
