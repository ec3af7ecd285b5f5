import type { Statement } from "../../db/batch";
import type { webauthnChallenges } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { badRequest, conflict, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { ServiceContext } from "../core";
import {
  acceptInvitationLinkStatements,
  emailIsTaken,
  invitationOfLink,
  joinNewUserWithInviteStatements,
  newUserStatements,
  normalizeEmail,
  usableInviteLink,
} from "../people";

/**
 * A new person joins with a passkey, through an invite link (joinWithInvite's rules) or an email invitation's
 * one-time link (exactly that invitation, for its email). The options check the link and that the email is free,
 * and bind the challenge to both; the registration creates the user, the membership, the passkey and the session
 * in one batch. Through an invite link the email is not verified, so it may not claim an existing account, and
 * pending email invitations to it stay pending.
 */
export interface InviteRef {
  organizationId: string;
  inviteId: string;
}

export interface NewPerson {
  displayName: string;
  /** Through an invite link only: an invitation's link is for its own email. */
  email?: string;
}

type ChallengeRow = typeof webauthnChallenges.$inferSelect;

const emailTaken = () =>
  conflict(
    "An account with this email already exists: sign in first, then open the invite link again to join with that account",
  );

const invitationInvalid = () =>
  unauthorized("This invitation link is unknown, has been used, or has expired; ask for a new invitation");

// Signed in, a person joins with joinOrganizationWithInvite; a second account would be a surprise.
function requireSignedOut(ctx: ServiceContext, field: string) {
  if (ctx.caller.kind !== "anonymous") {
    throw badRequest(
      `body.${field}: you are signed in; join with POST /v1/orgs/{organizationId}/invites/{inviteId}, or sign out first`,
    );
  }
}

/** The account a sign-up through `invite` will create (its id is made now: the passkey's user handle). */
export async function startInviteSignUp(ctx: ServiceContext, invite: InviteRef, person: NewPerson) {
  requireSignedOut(ctx, "invite");
  if (!person.email) throw badRequest("body.user.email: is required with invite");
  const email = normalizeEmail(person.email);
  const [, taken] = await Promise.all([
    usableInviteLink(ctx, invite.organizationId, invite.inviteId),
    emailIsTaken(ctx.db, email),
  ]);
  if (taken) throw emailTaken();
  return {
    userId: newId(),
    organizationId: invite.organizationId,
    inviteId: invite.inviteId,
    email,
    displayName: person.displayName.trim(),
  };
}

/** The account a sign-up through an email invitation's link (its secret) will create: the invitation's email. */
export async function startInvitationSignUp(ctx: ServiceContext, secret: string, person: NewPerson) {
  requireSignedOut(ctx, "invitation");
  const invitationHash = await sha256Hex(secret);
  const invitation = await invitationOfLink(ctx.db, invitationHash, ctx.now);
  if (!invitation) throw invitationInvalid();
  if (await emailIsTaken(ctx.db, invitation.email)) throw emailTaken();
  return {
    userId: newId(),
    organizationId: invitation.organizationId,
    invitationHash,
    email: invitation.email,
    displayName: person.displayName.trim(),
  };
}

/** Whether the challenge creates its account (and signs it in). */
export const isSignUp = (challenge: ChallengeRow) => Boolean(challenge.inviteId || challenge.invitationHash);

/** Whether a registration's `invite` (when it names one) is the one its challenge was issued for. */
export function assertSameInvite(challenge: ChallengeRow, invite: InviteRef | undefined): void {
  if (!challenge.inviteId) {
    if (invite) throw badRequest("body.invite: these options were not made for an invite link; ask for new options");
    return;
  }
  if (invite && (invite.organizationId !== challenge.organizationId || invite.inviteId !== challenge.inviteId)) {
    throw badRequest("body.invite: these options were made for another invite link; ask for new options");
  }
}

/** The statements that create the challenge's person and make them a member, for the registration's batch. */
export function signUpStatements(ctx: ServiceContext, challenge: ChallengeRow): Statement[] {
  const userId = challenge.userId!;
  const user = newUserStatements(
    ctx.db,
    { id: userId, email: challenge.email!, displayName: challenge.displayName! },
    ctx.now,
  );
  const membership = challenge.invitationHash
    ? acceptInvitationLinkStatements(ctx.db, { linkHash: challenge.invitationHash, userId, now: ctx.now })
    : joinNewUserWithInviteStatements(ctx.db, {
        organizationId: challenge.organizationId!,
        inviteId: challenge.inviteId!,
        userId,
        now: ctx.now,
      });
  return [...user, ...membership];
}

/** After the batch rolled back: throws when the link no longer lets anyone join or the email was taken meanwhile. */
export async function explainSignUpFailure(ctx: ServiceContext, challenge: ChallengeRow): Promise<void> {
  if (challenge.invitationHash) {
    if (!(await invitationOfLink(ctx.db, challenge.invitationHash, ctx.now))) throw invitationInvalid();
  } else {
    await usableInviteLink(ctx, challenge.organizationId!, challenge.inviteId!);
  }
  if (await emailIsTaken(ctx.db, challenge.email!)) throw emailTaken();
}
