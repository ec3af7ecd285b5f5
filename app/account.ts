// GET /account: who is signed in, their browser sessions and API tokens (each revocable), another passkey, and
// sign-out. Signed out, it sends the person to /sign-in and back here afterwards.
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { ApiError, api, describeError, say } from "./api";
import { busy, byId, type Child, el } from "./dom";

interface User {
  displayName: string;
  email?: string;
}
interface Session {
  id: string;
  createdAt: string;
  lastUsedAt?: string | null;
  expiresAt: string;
  userAgent?: string | null;
  current: boolean;
}
interface Token {
  id: string;
  label: string;
  prefix: string;
  createdAt: string;
  lastUsedAt?: string;
}
interface List<T> {
  items: T[];
}

const SIGN_IN = "/sign-in?next=/account";

/** A date as the reader's locale writes it, with the exact time for machines. */
function when(iso: string | null | undefined) {
  if (!iso) return "never";
  const date = new Date(iso);
  return el("time", { datetime: iso }, Number.isNaN(date.getTime()) ? iso : date.toLocaleString());
}

/** A signed-out answer sends the person to sign in; any other failure is shown in `alert`. */
function failed(alert: HTMLElement, error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    location.replace(SIGN_IN);
    return;
  }
  say(alert, describeError(error));
}

/** One row of a list: what it is, and its Revoke button (which removes the row once the API agrees). */
function revocable(details: Child[], name: string, path: string, alert: HTMLElement) {
  const revoke = el("button", { type: "button", "aria-label": `Revoke ${name}` }, "Revoke");
  const row = el("li", {}, el("div", {}, ...details), revoke);
  revoke.addEventListener("click", () =>
    busy(revoke, async () => {
      say(alert);
      try {
        await api("DELETE", path);
        row.remove();
        return true;
      } catch (error) {
        failed(alert, error);
        return false;
      }
    }),
  );
  return row;
}

async function showSessions() {
  const alert = byId("sessions-error");
  const list = byId("sessions");
  try {
    const { items } = await api<List<Session>>("GET", "/v1/user/sessions");
    list.replaceChildren(
      ...items.map((s) => {
        const device = s.userAgent || "Unknown browser";
        const details = [
          el("strong", {}, device),
          s.current ? el("span", { class: "badge" }, " (this browser)") : null,
          el("br"),
          "Signed in ",
          when(s.createdAt),
          ", last used ",
          when(s.lastUsedAt),
        ];
        // The current session ends with "Sign out", which also clears this browser's cookies.
        if (s.current) return el("li", {}, el("div", {}, ...details));
        return revocable(details, `session on ${device}`, `/v1/user/sessions/${encodeURIComponent(s.id)}`, alert);
      }),
    );
  } catch (error) {
    failed(alert, error);
  }
}

async function showTokens() {
  const alert = byId("tokens-error");
  const list = byId("tokens");
  try {
    const { items } = await api<List<Token>>("GET", "/v1/user/tokens");
    if (items.length === 0) list.replaceChildren(el("li", {}, "No API tokens."));
    else
      list.replaceChildren(
        ...items.map((t) =>
          revocable(
            [
              el("strong", {}, t.label),
              " ",
              el("code", {}, `${t.prefix}…`),
              el("br"),
              "Created ",
              when(t.createdAt),
              ", last used ",
              when(t.lastUsedAt),
            ],
            `token ${t.label}`,
            `/v1/user/tokens/${encodeURIComponent(t.id)}`,
            alert,
          ),
        ),
      );
  } catch (error) {
    failed(alert, error);
  }
}

function wirePasskey() {
  const button = byId<HTMLButtonElement>("add-passkey");
  const label = byId<HTMLInputElement>("passkey-label");
  const alert = byId("passkey-error");
  const status = byId("passkey-status");
  byId<HTMLFormElement>("passkey-form").addEventListener("submit", (event) => {
    event.preventDefault();
    return busy(button, async () => {
      say(alert);
      say(status);
      try {
        const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>(
          "POST",
          "/v1/auth/passkeys/registration/options",
          {},
        );
        const response = await startRegistration({ optionsJSON: options });
        const name = label.value.trim();
        await api("POST", "/v1/auth/passkeys/registration", { response, ...(name ? { label: name } : {}) });
        label.value = "";
        say(status, "Passkey added. You can use it to sign in.");
      } catch (error) {
        failed(alert, error);
      }
      return false;
    });
  });
}

function wireSignOut() {
  const button = byId<HTMLButtonElement>("sign-out");
  const alert = byId("sign-out-error");
  button.addEventListener("click", () =>
    busy(button, async () => {
      say(alert);
      try {
        await api("POST", "/v1/auth/sign-out");
        location.assign("/sign-in");
        return true;
      } catch (error) {
        failed(alert, error);
        return false;
      }
    }),
  );
}

async function main() {
  let user: User;
  try {
    user = await api<User>("GET", "/v1/user");
  } catch (error) {
    failed(byId("account-error"), error);
    return;
  }
  byId("who").replaceChildren(
    "Signed in as ",
    el("strong", {}, user.displayName),
    user.email ? ` (${user.email})` : "",
    ".",
  );
  wirePasskey();
  wireSignOut();
  byId("account").hidden = false;
  await Promise.all([showSessions(), showTokens()]);
}

main();
