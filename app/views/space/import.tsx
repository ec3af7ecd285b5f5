// "Import" in a space the person may edit: a website's content (startImportRun, source `website`: the page and the
// same-site pages it links to) or files the person picks (source `file`: each uploaded beforehand with
// generateStorageUploadURL, kind `import_file`, then a PUT of its bytes), written into a new change request
// (createChangeRequest first, to review before a merge) or straight into the space's content, then the run's
// progress (getImportRun, polled) until it completes, fails or is cancelled (cancelImportRun). Closing the dialog
// stops an upload under way and the polling (a started import goes on in Quire); opening it again resumes it.
import type { Space } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { seg } from "../../shell/session";
import { Dialog, ErrorBox, useAction } from "../../shell/ui";
import { ImportForm, type Started } from "./import-form";
import { type ImportRun, importRunPath, isOver, useImportRunPolling } from "./import-run";

/** The Import button and its dialog; `onImported` is told when a run ends (the space's pages may have changed). */
export function ImportAction(props: { space: Space; onImported?(): void }) {
  const { space } = props;
  const [open, setOpen] = useState(false);
  const [kept, setStarted] = useState<Started | undefined>(undefined);
  // The runs whose end was told (a poll and a cancel can both answer that it is over).
  const told = useRef(new Set<string>());
  // The bar stays mounted when the view moves to another space: a run belongs to the space it was started in.
  const started = kept?.spaceId === space.id ? kept : undefined;
  // Closed by one of its own buttons, the dialog loses the focus with its contents (the browser gives it back only
  // on Escape): the Import button takes it back.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!space.permissions.edit) return null;
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" class="secondary" ref={opener} onClick={() => setOpen(true)}>
        Import
      </button>
      <Dialog title="Import content" open={open} onClose={close}>
        {started ? (
          <ImportProgress
            space={space}
            started={started}
            setRun={(run) => {
              if (isOver(run) && !told.current.has(run.id)) {
                told.current.add(run.id);
                props.onImported?.();
              }
              setStarted((previous) => (previous && previous.run.id === run.id ? { ...previous, run } : previous));
            }}
            onClose={close}
            onAgain={() => setStarted(undefined)}
          />
        ) : (
          <ImportForm space={space} onStarted={setStarted} onClose={close} />
        )}
      </Dialog>
    </>
  );
}

/** What the run is doing, in words (the live region reads it out as it changes). */
function describe(run: ImportRun): string {
  const { pagesTotal: total, pagesDone: done, pagesFailed: failed } = run.progress;
  const failures = failed ? ` (${failed} could not be imported)` : "";
  switch (run.status) {
    case "pending":
      return "Waiting for the import to start…";
    case "in-progress":
      return `${run.cancelRequested ? "Cancelling… " : "Importing… "}${
        total ? `${done} of ${total} pages${failures}` : "finding the pages"
      }`;
    case "completed":
      return `Imported ${done} of ${total} ${total === 1 ? "page" : "pages"}${failures}.`;
    case "cancelled":
      return run.reason ? `${run.reason}.` : "The import was cancelled.";
    default:
      return "The import failed.";
  }
}

function ImportProgress(props: {
  space: Space;
  started: Started;
  setRun(run: ImportRun): void;
  onClose(): void;
  onAgain(): void;
}) {
  const { space, started } = props;
  const { run } = started;
  const organizationId = space.organization;
  const polling = useImportRunPolling(organizationId, run, props.setRun);
  const cancel = useAction();
  const status = useRef<HTMLParagraphElement>(null);
  // The form that had the focus is gone: the focus goes to what replaced it.
  useEffect(() => status.current?.focus(), []);
  const { pagesTotal: total, pagesDone: done } = run.progress;
  const failedPages = run.pages.filter((page) => page.error);
  const crNumber = started.changeRequest?.id === run.target.changeRequest ? started.changeRequest?.number : undefined;
  const home = `/s/${seg(run.target.space)}`;
  return (
    <div class="import-run">
      <p class="import-status" role="status" tabIndex={-1} ref={status} id="import-status">
        {describe(run)}
      </p>
      {run.status === "in-progress" && total ? (
        <progress max={total} value={done + run.progress.pagesFailed} aria-labelledby="import-status" />
      ) : null}
      {run.status === "failed" ? <ErrorBox error={new Error(run.reason ?? "The import failed.")} /> : null}
      <ErrorBox error={polling.error} onRetry={polling.retry} />
      {failedPages.length ? (
        <details>
          <summary>Pages that could not be imported ({failedPages.length})</summary>
          <ul>
            {failedPages.map((page) => (
              <li key={page.id}>
                {page.sourceURL ?? page.title}: {page.error}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <ErrorBox error={cancel.error} />
      <div class="buttons">
        {isOver(run) && run.status !== "failed" && done ? (
          run.target.changeRequest ? (
            <a class="button" href={`${home}/~/changes/${seg(String(crNumber ?? run.target.changeRequest))}`}>
              Open the change request
            </a>
          ) : (
            <a class="button" href={home} onClick={props.onClose}>
              Open {space.title}
            </a>
          )
        ) : null}
        {isOver(run) ? (
          <button type="button" class="secondary" onClick={props.onAgain}>
            Import something else
          </button>
        ) : (
          <button
            type="button"
            class="danger"
            disabled={cancel.busy || run.cancelRequested}
            onClick={() =>
              cancel.run(async () =>
                props.setRun(await api<ImportRun>("POST", `${importRunPath(organizationId, run.id)}/cancel`)),
              )
            }
          >
            Cancel the import
          </button>
        )}
        {isOver(run) ? (
          <button type="button" class="secondary" onClick={props.onClose}>
            Done
          </button>
        ) : null}
      </div>
      {isOver(run) ? null : <p class="hint">Closing this keeps the import going; open Import again to follow it.</p>}
    </div>
  );
}
