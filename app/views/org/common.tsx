// Pieces the organization views share: the organization from the session, role names, app paths from the API's
// `urls.app`, an actions menu, a confirmation dialog, a status line and a copyable field.
import type { Organization } from "@gitbook/api";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { useSession } from "../../shell/session";
import { Dialog, ErrorBox, useAction } from "../../shell/ui";

/** The organization as the session knows it (with the caller's `permissions`), when they are a member. */
export function useOrganization(organizationId: string): Organization | undefined {
  return useSession().organizations.find((org) => org.id === organizationId);
}

/** The organization roles, strongest first (MemberRole); `null` is a guest. */
export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role | "guest", string> = {
  admin: "Admin",
  create: "Create",
  review: "Review",
  edit: "Edit",
  comment: "Comment",
  read: "Read",
  guest: "Guest",
};

export function roleLabel(role: string | null | undefined): string {
  return ROLE_LABELS[(role ?? "guest") as Role] ?? String(role);
}

/** A <select>'s options for a role; "guest" stands for `null`. */
export function RoleOptions(props: { guest?: boolean }) {
  return (
    <>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
      {props.guest ? <option value="guest">{ROLE_LABELS.guest}</option> : null}
    </>
  );
}

export const roleValue = (value: string): Role | null => (value === "guest" ? null : (value as Role));

/** The API gives absolute app URLs; the app follows their path on this origin. */
export function appPath(url: string): string {
  const parsed = new URL(url, location.origin);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * A row's actions behind one button (the browser's <details>): Escape or a click elsewhere closes it. `close`
 * puts the focus back on its button, so that a dialog opened from the menu returns the focus there.
 */
export function Menu(props: { label: string; children: (close: () => void) => ComponentChildren }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    const details = ref.current;
    if (!details) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <details ref={ref} class="org-menu" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <span aria-hidden="true">⋯</span>
        <span class="visually-hidden">{props.label}</span>
      </summary>
      <div class="org-menu-items">{open ? props.children(close) : null}</div>
    </details>
  );
}

/**
 * Asks before an action that cannot simply be undone; its error stays in the dialog. `focusAfter`: the id of the
 * element that takes the focus once it is done (the button that opened it is usually gone with what it deleted).
 */
export function ConfirmDialog(props: {
  title: string;
  open: boolean;
  confirm: string;
  focusAfter?: string;
  children: ComponentChildren;
  onClose(): void;
  onConfirm(): Promise<unknown>;
}) {
  const action = useAction();
  const confirmed = useRef(false);
  useEffect(() => {
    if (props.open) {
      action.clear();
      confirmed.current = false;
    }
  }, [props.open]);
  const close = () => {
    props.onClose();
    // Called again by the dialog's `close` event, once the browser has given the focus back to the opener.
    if (confirmed.current && props.focusAfter) document.getElementById(props.focusAfter)?.focus();
  };
  return (
    <Dialog title={props.title} open={props.open} onClose={close}>
      {props.children}
      <ErrorBox error={action.error} />
      <div class="buttons">
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          aria-busy={action.busy}
          onClick={async () => {
            if (await action.run(props.onConfirm)) {
              confirmed.current = true;
              close();
            }
          }}
        >
          {props.confirm}
        </button>
        <button
          type="button"
          class="secondary"
          // biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus when the dialog opens
          autoFocus
          onClick={props.onClose}
        >
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** A live region that stays in the page (empty, it has no box), so that its messages are announced. */
export function Status(props: { children?: ComponentChildren }) {
  return (
    <p class="org-status" role="status">
      {props.children}
    </p>
  );
}

/** A read-only URL with a Copy button; without clipboard access, the text is selected for the person to copy. */
export function CopyField(props: { id: string; label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value);
      setSaid("Copied to the clipboard.");
    } catch {
      input.current?.focus();
      input.current?.select();
      setSaid("Selected: press Ctrl+C (⌘C on a Mac) to copy.");
    }
  }
  return (
    <div class="copy-field">
      <label for={props.id}>{props.label}</label>
      <div class="copy-row">
        <input
          id={props.id}
          ref={input}
          readOnly
          value={props.value}
          onFocus={(event) => (event.currentTarget as HTMLInputElement).select()}
        />
        <button type="button" class="secondary" onClick={copy}>
          Copy
        </button>
      </div>
      <span class="hint" role="status">
        {said}
      </span>
    </div>
  );
}
