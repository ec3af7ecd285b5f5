// The members view's invitations (admins): invite people by email, and invite links, each with its join URL to
// copy, to disable or to delete.
import type { InviteLinkToOrganization } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { seg } from "../../shell/session";
import { ErrorBox, useAction, When } from "../../shell/ui";
import { ConfirmDialog, CopyField, RoleOptions, roleLabel, roleValue, Status } from "./common";

/** An invite link as Quire answers it (its additions to the reference's: dates, `disabled`, `urls`). */
export type InviteLink = InviteLinkToOrganization & {
  createdAt?: string;
  expiresAt?: string;
  disabled?: boolean;
  urls?: { location: string; join: string; app?: string };
};

/** One-time sign-up links for invited emails without an account (Quire's `links`: it sends no email itself). */
interface SignUpLink {
  email: string;
  url: string;
  expiresAt: string;
}

interface InviteResult {
  users: string[];
  invited: number;
  links?: SignUpLink[];
}

export function Invites(props: { organizationId: string; links: InviteLink[]; reload(): void }) {
  const base = `/v1/orgs/${seg(props.organizationId)}`;
  const [message, setMessage] = useState("");
  const [emails, setEmails] = useState("");
  const [emailRole, setEmailRole] = useState("read");
  const [linkRole, setLinkRole] = useState("read");
  const invite = useAction();
  const createLink = useAction();
  const linkAction = useAction();
  const [deleting, setDeleting] = useState<InviteLink | undefined>(undefined);
  const [signUpLinks, setSignUpLinks] = useState<SignUpLink[]>([]);
  return (
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading">Invite people</h2>
      <Status>{message}</Status>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const list = emails
            .split(/[\s,;]+/)
            .map((e) => e.trim())
            .filter(Boolean);
          let result: InviteResult | undefined;
          const ok = await invite.run(async () => {
            result = await api<InviteResult>("POST", `${base}/invites`, { emails: list, role: roleValue(emailRole) });
          });
          if (ok && result) {
            setEmails("");
            setSignUpLinks(result.links ?? []);
            const now = result.users.length;
            setMessage(
              `Invited ${result.invited}: ${now} with an account ${now === 1 ? "is" : "are"} now ${now === 1 ? "a member" : "members"}; the others join with the link below, or when they sign up with that email.`,
            );
            props.reload();
          }
        }}
      >
        <div class="field">
          <label for="invite-emails">Email addresses</label>
          <textarea
            id="invite-emails"
            value={emails}
            required
            aria-describedby="invite-emails-hint"
            onInput={(event) => setEmails((event.target as HTMLTextAreaElement).value)}
          />
          <span id="invite-emails-hint" class="hint">
            One per line, or separated by commas (at most 100).
          </span>
        </div>
        <div class="field">
          <label for="invite-role">Role</label>
          <select
            id="invite-role"
            value={emailRole}
            onChange={(e) => setEmailRole((e.target as HTMLSelectElement).value)}
          >
            <RoleOptions guest />
          </select>
        </div>
        <ErrorBox error={invite.error} />
        <button type="submit" disabled={invite.busy} aria-busy={invite.busy}>
          Send invitations
        </button>
      </form>

      {signUpLinks.length ? (
        <div class="card">
          <p>
            Quire sends no email: send each person their own link. It creates their account with a passkey and joins
            with this invitation; it is shown only now (inviting again makes a new one).
          </p>
          <ul class="rows">
            {signUpLinks.map((link) => (
              <li key={link.email}>
                <CopyField id={`sign-up-${link.email}`} label={`Sign-up link for ${link.email}`} value={link.url} />
                <span class="hint">
                  valid until <When iso={link.expiresAt} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3 id="invite-links-heading" tabIndex={-1}>
        Invite links
      </h3>
      <p class="hint">Anyone with a link can join the organization with its role, until it is disabled or deleted.</p>
      {props.links.length ? (
        <ul class="rows invite-links">
          {props.links.map((link) => {
            const url = link.urls?.app ?? link.urls?.join ?? "";
            return (
              <li key={link.id}>
                <div class="invite-link">
                  <CopyField id={`invite-${link.id}`} label={`Join link, role ${roleLabel(link.role)}`} value={url} />
                  <span class="hint">
                    Created <When iso={link.createdAt} />
                    {link.expiresAt ? (
                      <>
                        {" "}
                        · expires <When iso={link.expiresAt} />
                      </>
                    ) : null}
                  </span>
                  {link.disabled ? <span class="badge">disabled</span> : null}
                </div>
                <div class="actions">
                  <button
                    type="button"
                    class="secondary"
                    disabled={linkAction.busy}
                    onClick={async () => {
                      const disabled = !link.disabled;
                      const ok = await linkAction.run(() =>
                        api("PATCH", `${base}/link-invites/${seg(link.id)}`, { disabled }),
                      );
                      if (ok) {
                        setMessage(disabled ? "The link is disabled." : "The link works again.");
                        props.reload();
                      }
                    }}
                  >
                    {link.disabled ? "Enable" : "Disable"}
                    <span class="visually-hidden"> the {roleLabel(link.role)} link</span>
                  </button>
                  <button type="button" class="danger" onClick={() => setDeleting(link)}>
                    Delete<span class="visually-hidden"> the {roleLabel(link.role)} link</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No invite links.</p>
      )}
      <ErrorBox error={linkAction.error} />
      <form
        class="org-inline"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await createLink.run(() => api("POST", `${base}/link-invites`, { role: roleValue(linkRole) }))) {
            setMessage(`Created an invite link with the role ${roleLabel(roleValue(linkRole))}.`);
            props.reload();
          }
        }}
      >
        <label for="link-role">Role for a new link</label>
        <select id="link-role" value={linkRole} onChange={(e) => setLinkRole((e.target as HTMLSelectElement).value)}>
          <RoleOptions guest />
        </select>
        <button type="submit" disabled={createLink.busy} aria-busy={createLink.busy}>
          Create invite link
        </button>
      </form>
      <ErrorBox error={createLink.error} />
      <ConfirmDialog
        title="Delete invite link"
        confirm="Delete link"
        open={deleting !== undefined}
        focusAfter="invite-links-heading"
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          await api("DELETE", `${base}/link-invites/${seg(deleting.id)}`);
          setMessage("Deleted the invite link: it can no longer be used to join.");
          props.reload();
        }}
      >
        <p>
          Delete this invite link (role {roleLabel(deleting?.role)})? Nobody can join with it any more; those who joined
          stay members.
        </p>
      </ConfirmDialog>
    </section>
  );
}
