// The Import dialog's form (import.tsx): what to import, a website's address or files the person picks (uploaded
// first: generateStorageUploadURL, kind `import_file`, then a PUT of the bytes, its progress shown), and where to,
// a new change request or the space's content; then startImportRun, told to `onStarted`.
import type { ChangeRequest, Space } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { seg } from "../../shell/session";
import { ErrorBox, FormButtons, useAction } from "../../shell/ui";
import {
  formatBytes,
  IMPORT_FILE_EXTENSIONS,
  type ImportRun,
  importFilesProblem,
  MAX_IMPORT_FILES,
  uploadImportFiles,
} from "./import-run";

/** A run this view started, with the change request made for it (its number names it in the app's URLs). */
export interface Started {
  spaceId: string;
  run: ImportRun;
  changeRequest?: { id: string; number: number };
}

const locked = (space: Space) => (space as Space & { editMode?: string }).editMode === "locked";

export function ImportForm(props: { space: Space; onStarted(started: Started): void; onClose(): void }) {
  const { space } = props;
  const action = useAction();
  const [from, setFrom] = useState<"website" | "file">("website");
  const [url, setUrl] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [upload, setUpload] = useState<{ loaded: number; total: number } | undefined>(undefined);
  const [into, setInto] = useState<"change-request" | "main">("change-request");
  // Closing the dialog (this form unmounts) stops an upload under way.
  const uploads = useRef<AbortController | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => uploads.current?.abort(), []);
  const fileProblem = files.length ? importFilesProblem(files) : undefined;
  const start = () =>
    action.run(async () => {
      let source: { type: "website"; url: string } | { type: "file"; files: string[] };
      let subject: string;
      if (from === "website") {
        const address = url.trim();
        let host = "";
        try {
          const parsed = new URL(address);
          if (parsed.protocol === "http:" || parsed.protocol === "https:") host = parsed.host;
        } catch {}
        if (!host) throw new Error("Enter the address of a web page, starting with https://.");
        source = { type: "website", url: address };
        subject = `Import from ${host}`;
      } else {
        // The problem is shown by the field already (and an empty choice is refused by the browser).
        if (importFilesProblem(files)) return fileInput.current?.focus();
        setUpload({ loaded: 0, total: files.reduce((sum, file) => sum + file.size, 0) });
        const controller = new AbortController();
        uploads.current = controller;
        try {
          const keys = await uploadImportFiles(space.organization, files, controller.signal, (loaded, total) =>
            setUpload({ loaded, total }),
          );
          source = { type: "file", files: keys };
        } finally {
          uploads.current = undefined;
          setUpload(undefined);
        }
        subject = files.length === 1 ? `Import of ${files[0].name}` : `Import of ${files.length} files`;
      }
      const base = `/v1/spaces/${seg(space.id)}/change-requests`;
      const cr =
        into === "change-request" || locked(space)
          ? await api<ChangeRequest>("POST", base, { subject: subject.slice(0, 100) })
          : undefined;
      try {
        const run = await api<ImportRun>("POST", `/v1/org/${seg(space.organization)}/imports`, {
          source,
          target: { space: space.id, ...(cr ? { changeRequest: cr.id } : {}) },
        });
        props.onStarted({ spaceId: space.id, run, changeRequest: cr && { id: cr.id, number: cr.number } });
      } catch (error) {
        // Nothing was imported: the change request made for it is archived, not left behind empty.
        if (cr) await api("PATCH", `${base}/${seg(cr.id)}`, { status: "archived" }).catch(() => undefined);
        throw error;
      }
    });
  const busyLabel = upload ? "Uploading…" : "Starting the import…";
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      <fieldset class="import-into" disabled={action.busy}>
        <legend>Import from</legend>
        <label>
          <input
            type="radio"
            name="import-from"
            checked={from === "website"}
            onChange={() => {
              setFrom("website");
              // The file field goes with its choice.
              setFiles([]);
              action.clear();
            }}
          />{" "}
          From a website
        </label>
        <label>
          <input
            type="radio"
            name="import-from"
            checked={from === "file"}
            onChange={() => {
              setFrom("file");
              action.clear();
            }}
          />{" "}
          From a file
        </label>
      </fieldset>
      {from === "website" ? (
        <div class="field">
          <label for="import-url">Website address</label>
          <input
            id="import-url"
            type="url"
            required
            // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes the focus when it opens
            autoFocus
            maxLength={2048}
            placeholder="https://docs.example.com/"
            aria-describedby="import-url-hint"
            value={url}
            onInput={(event) => setUrl((event.target as HTMLInputElement).value)}
          />
          <span class="hint" id="import-url-hint">
            Quire imports this page and the pages of the same site it links to, one page each.
          </span>
        </div>
      ) : (
        <div class="field import-files">
          <label for="import-files">Files to import</label>
          <input
            id="import-files"
            ref={fileInput}
            type="file"
            required
            multiple
            disabled={action.busy}
            accept={IMPORT_FILE_EXTENSIONS.join(",")}
            aria-describedby="import-files-hint"
            aria-invalid={fileProblem ? true : undefined}
            onChange={(event) => {
              setFiles(Array.from((event.target as HTMLInputElement).files ?? []));
              action.clear();
            }}
          />
          <span class="hint" id="import-files-hint">
            A .zip (a GitBook or markdown export, its SUMMARY.md giving the pages' order), or .md, .txt, .html or .docx
            files: each file at most 10 MB, at most {MAX_IMPORT_FILES} files.
          </span>
          <ErrorBox error={fileProblem && new Error(fileProblem)} />
        </div>
      )}
      <fieldset class="import-into" disabled={action.busy}>
        <legend>Import into</legend>
        <label>
          <input
            type="radio"
            name="import-into"
            checked={into === "change-request" || locked(space)}
            onChange={() => setInto("change-request")}
          />{" "}
          A new change request, to review before merging
        </label>
        <label>
          <input
            type="radio"
            name="import-into"
            disabled={locked(space)}
            checked={into === "main" && !locked(space)}
            onChange={() => setInto("main")}
          />{" "}
          The space's content directly{locked(space) ? " (the space is locked)" : ""}
        </label>
      </fieldset>
      {upload ? (
        <div class="import-upload">
          <p id="import-upload-status" role="status">
            Uploading… {formatBytes(upload.loaded)} of {formatBytes(upload.total)}
          </p>
          <progress max={upload.total} value={upload.loaded} aria-labelledby="import-upload-status" />
        </div>
      ) : null}
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit={action.busy ? busyLabel : "Start import"} onCancel={props.onClose} />
    </form>
  );
}
