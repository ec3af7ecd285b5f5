// The app's few shared pieces: a titled view, errors as the API says them, loading states, async actions and
// dialogs. Everything else is plain HTML elements styled by main.css.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, describeError } from "../api";

/** A view's title: the document's, and its h1, which takes the focus after a navigation (layout.tsx). */
export function View(props: { title: string; actions?: ComponentChildren; children?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Quire`;
  }, [props.title]);
  return (
    <>
      <div class="view-head">
        <h1 tabIndex={-1} id="view-title">
          {props.title}
        </h1>
        {props.actions ? <div class="actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </>
  );
}

/** What a refusal means, then the API's own message (never a blank page). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const prefix =
      error.status === 403
        ? "You do not have access to this (403). "
        : error.status === 404
          ? "Not found (404). "
          : error.status === 409
            ? "Conflict (409). "
            : "";
    return `${prefix}${error.message}`;
  }
  return describeError(error);
}

export function ErrorBox(props: { error: unknown; onRetry?: () => void }) {
  if (!props.error) return null;
  return (
    <div class="alert" role="alert">
      <p>{errorText(props.error)}</p>
      {props.onRetry ? (
        <button type="button" class="secondary" onClick={props.onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * A view that could not load at all: still a titled page (its h1 says what happened: not found, no access), with
 * the API's message under it.
 */
export function FailedView(props: { title: string; error: unknown; onRetry?: () => void }) {
  const status = props.error instanceof ApiError ? props.error.status : 0;
  const title = status === 404 ? "Not found" : status === 403 ? "No access" : props.title;
  // A refusal does not change by trying again; anything else might.
  const retry = status === 403 || status === 404 ? undefined : props.onRetry;
  return (
    <View title={title}>
      <ErrorBox error={props.error} onRetry={retry} />
    </View>
  );
}

export function Loading(props: { label?: string }) {
  return (
    <p class="loading" role="status">
      {props.label ?? "Loading…"}
    </p>
  );
}

/** Loading, failed, or the content: the three states every view shows where its data goes. */
export function Loaded<T>(props: {
  load: { state: string; data?: T; error?: unknown; reload(): void };
  label?: string;
  /** Given when the view has no title of its own until it loads: a failure is then a titled page. */
  failedTitle?: string;
  children: (data: T) => ComponentChildren;
}) {
  const { load } = props;
  if (load.state === "failed" && load.data === undefined)
    return props.failedTitle ? (
      <FailedView title={props.failedTitle} error={load.error} onRetry={load.reload} />
    ) : (
      <ErrorBox error={load.error} onRetry={load.reload} />
    );
  if (load.data === undefined) return <Loading label={props.label} />;
  return (
    <>
      {load.state === "failed" ? <ErrorBox error={load.error} onRetry={load.reload} /> : null}
      {props.children(load.data)}
    </>
  );
}

/**
 * An action the person starts (a click, a form): busy while it runs so that it cannot run twice, and its error
 * shown beside it. `run` answers whether it succeeded.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run, clear: () => setError(undefined) };
}

/** A modal dialog (the browser's <dialog>: focus kept inside, Escape closes, focus returns to the opener). */
export function Dialog(props: { title: string; open: boolean; onClose(): void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!props.open && dialog.open) {
      dialog.close();
      // The browser gives the focus back only while it is inside the dialog; closed by one of its own buttons, its
      // content is already gone (focus on <body>), so the opener gets it back here.
      if (document.activeElement === document.body && opener.current?.isConnected) opener.current.focus();
    }
  }, [props.open]);
  const titleId = `dialog-${props.title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={props.onClose} onCancel={props.onClose}>
      <div class="dialog-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" class="icon" aria-label="Close" onClick={props.onClose}>
          ×
        </button>
      </div>
      {props.open ? props.children : null}
    </dialog>
  );
}

/** A form's buttons: submit (disabled and marked busy while its action runs) and, when given, Cancel. */
export function FormButtons(props: { busy: boolean; submit: ComponentChildren; onCancel?: () => void }) {
  return (
    <div class="buttons">
      <button type="submit" disabled={props.busy} aria-busy={props.busy}>
        {props.submit}
      </button>
      {props.onCancel ? (
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/** A form in a dialog: one labelled text field, submitted with Enter, its error shown in the dialog. */
export function PromptDialog(props: {
  title: string;
  label: string;
  initial?: string;
  submit: string;
  open: boolean;
  maxLength?: number;
  onClose(): void;
  onSubmit(value: string): Promise<unknown>;
}) {
  const action = useAction();
  const [value, setValue] = useState(props.initial ?? "");
  useEffect(() => {
    if (props.open) {
      setValue(props.initial ?? "");
      action.clear();
    }
  }, [props.open]);
  const fieldId = `${props.title.replace(/\W+/g, "-").toLowerCase()}-field`;
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (await action.run(() => props.onSubmit(value.trim()))) props.onClose();
        }}
      >
        <div class="field">
          <label for={fieldId}>{props.label}</label>
          <input
            id={fieldId}
            value={value}
            maxLength={props.maxLength}
            required
            autoFocus
            onInput={(event) => setValue((event.target as HTMLInputElement).value)}
          />
        </div>
        <ErrorBox error={action.error} />
        <FormButtons busy={action.busy} submit={props.submit} onCancel={props.onClose} />
      </form>
    </Dialog>
  );
}

/** A date as the reader's locale writes it, the exact time for machines. */
export function When(props: { iso?: string | null }) {
  if (!props.iso) return <span>never</span>;
  const date = new Date(props.iso);
  return <time dateTime={props.iso}>{Number.isNaN(date.getTime()) ? props.iso : date.toLocaleString()}</time>;
}
