// GET /sign-in: with a one-time link (`#link=<secret>`, from `npm run bootstrap` or an invitation) the person
// creates their passkey; without one they sign in with a passkey they have. Either way they end up on `next`.
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { api, describeError, say } from "./api";
import { busy, byId } from "./dom";
import { nextPath } from "./next";

/**
 * The link's secret, read once from the fragment (never sent to the server in the URL) and then removed from the
 * address bar and history, so that it is not left behind for whoever uses this browser next.
 */
function takeLink(): string | undefined {
  const link = new URLSearchParams(location.hash.slice(1)).get("link") ?? undefined;
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return link || undefined;
}

async function createPasskey(link: string) {
  const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "POST",
    "/v1/auth/passkeys/registration/options",
    { link },
  );
  const response = await startRegistration({ optionsJSON: options });
  await api("POST", "/v1/auth/passkeys/registration", { link, response });
}

async function signIn() {
  const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    "/v1/auth/passkeys/authentication/options",
    {},
  );
  const response = await startAuthentication({ optionsJSON: options });
  await api("POST", "/v1/auth/passkeys/authentication", { response });
}

function main() {
  const alert = byId("sign-in-error");
  const button = byId<HTMLButtonElement>("sign-in-button");
  const link = takeLink();
  if (link) {
    byId("sign-in-title").textContent = "Create your passkey";
    byId("sign-in-intro").textContent =
      "This one-time link lets you create a passkey for your Quire account. Your device will ask you to confirm.";
    button.textContent = "Create your passkey";
  }
  if (!browserSupportsWebAuthn()) {
    say(alert, "This browser does not support passkeys. Use a recent browser to sign in.");
    button.disabled = true;
    return;
  }
  button.addEventListener("click", () =>
    busy(button, async () => {
      say(alert);
      try {
        await (link ? createPasskey(link) : signIn());
        location.assign(nextPath(location.search, location.origin));
        return true;
      } catch (error) {
        say(alert, describeError(error));
        return false;
      }
    }),
  );
  button.hidden = false;
}

main();
