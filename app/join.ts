// GET /join/{organizationId}/{inviteId}: an invite link's page. Signed in, the person joins with the link;
// signed out, they give their name and email and create a passkey, which makes their account and joins at once.
// GET /join/invitation#invitation=<secret>: an email invitation's one-time link: the name and a passkey make the
// account of the invited email. Either way they end up on the organization's page.
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { ApiError, api, describeError, say } from "./api";
import { busy, byId, el } from "./dom";

interface User {
  displayName: string;
  email?: string;
}
interface Invite {
  organizationId: string;
  inviteId: string;
}
/** What the page joins through: an invite link (from the path) or an email invitation's secret (the fragment). */
type Through = { invite: Invite } | { invitation: string };

/**
 * An invitation's secret, read once from the fragment (never sent to the server in the URL) and then removed from
 * the address bar and history, so that it is not left behind for whoever uses this browser next.
 */
function takeInvitation(): string | undefined {
  const secret = new URLSearchParams(location.hash.slice(1)).get("invitation") ?? undefined;
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return secret || undefined;
}

/** What this page's URL joins through; undefined when it is incomplete. */
function throughOfUrl(): Through | undefined {
  if (location.pathname.replace(/\/$/, "") === "/join/invitation") {
    const invitation = takeInvitation();
    return invitation ? { invitation } : undefined;
  }
  const match = /^\/join\/([^/]+)\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return undefined;
  try {
    return { invite: { organizationId: decodeURIComponent(match[1]!), inviteId: decodeURIComponent(match[2]!) } };
  } catch {
    return undefined;
  }
}

function goToOrganization(organizationId: string | undefined) {
  location.assign(organizationId ? `/o/${encodeURIComponent(organizationId)}` : "/");
}

function offerJoin(user: User, invite: Invite, alert: HTMLElement) {
  byId("join-who").replaceChildren(
    "You are signed in as ",
    el("strong", {}, user.displayName),
    user.email ? ` (${user.email})` : "",
    ".",
  );
  const button = byId<HTMLButtonElement>("join-button");
  const path = `/v1/orgs/${encodeURIComponent(invite.organizationId)}/invites/${encodeURIComponent(invite.inviteId)}`;
  button.addEventListener("click", () =>
    busy(button, async () => {
      say(alert);
      try {
        await api("POST", path);
        goToOrganization(invite.organizationId);
        return true;
      } catch (error) {
        say(alert, describeError(error));
        return false;
      }
    }),
  );
  byId("join-member").hidden = false;
  button.focus();
}

/** Creates the account with a passkey; answers the organization it joined. */
async function signUp(through: Through, displayName: string, email: string): Promise<string | undefined> {
  const user = "invite" in through ? { displayName, email } : { displayName };
  const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "POST",
    "/v1/auth/passkeys/registration/options",
    { ...through, user },
  );
  const response = await startRegistration({ optionsJSON: options });
  await api("POST", "/v1/auth/passkeys/registration", {
    response,
    ...("invite" in through ? { invite: through.invite } : {}),
  });
  if ("invite" in through) return through.invite.organizationId;
  // An invitation's organization is the new account's only one.
  const { items } = await api<{ items: { id: string }[] }>("GET", "/v1/orgs");
  return items[0]?.id;
}

function offerSignUp(through: Through, alert: HTMLElement) {
  const form = byId<HTMLFormElement>("join-form");
  const button = byId<HTMLButtonElement>("join-create");
  const name = byId<HTMLInputElement>("join-name");
  const email = byId<HTMLInputElement>("join-email");
  if ("invitation" in through) {
    // The account is the invited email's: there is nothing to ask, and no existing account to sign in with.
    byId("join-email-field").remove();
    byId("join-existing").remove();
  } else {
    // An existing account signs in first and comes back here to join.
    byId<HTMLAnchorElement>("join-sign-in").href = `/sign-in?next=${encodeURIComponent(location.pathname)}`;
  }
  form.hidden = false;
  if (!browserSupportsWebAuthn()) {
    say(alert, "This browser does not support passkeys. Use a recent browser to create your account.");
    button.disabled = true;
    return;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    return busy(button, async () => {
      say(alert);
      try {
        goToOrganization(await signUp(through, name.value.trim(), email.value.trim()));
        return true;
      } catch (error) {
        say(alert, describeError(error));
        return false;
      }
    });
  });
  name.focus();
}

async function main() {
  const alert = byId("join-error");
  const through = throughOfUrl();
  if (!through) {
    say(alert, "This invitation link is incomplete. Open it again as you received it, or ask for a new one.");
    return;
  }
  // There is no anonymous read of an invite: the page stays generic until the API answers a join.
  let user: User | undefined;
  try {
    user = await api<User>("GET", "/v1/user");
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      say(alert, describeError(error));
      return;
    }
  }
  if (user && "invite" in through) offerJoin(user, through.invite, alert);
  else if (user)
    say(alert, `You are signed in as ${user.displayName}. This invitation creates a new account: sign out first.`);
  else offerSignUp(through, alert);
}

main();
