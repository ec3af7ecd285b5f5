// A change request's own actions: its subject and description edited in place, its status (ready for review,
// draft, archive, reopen), bringing main's changes in, and the merge, with the API's three-way result as it
// reports it.
import type { Space } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { ErrorBox, FormButtons, useAction, When } from "../../shell/ui";
import {
  appPath,
  type ChangeRequest,
  changeRequestApi,
  changeRequestRead,
  type MergeResult,
  type Status,
  useFocusOnMount,
} from "./model";

interface Props {
  space: Space;
  cr: ChangeRequest;
  setCr(cr: ChangeRequest): void;
}

/** The subject, editable in place by those who may edit the space's content. */
export function SubjectEditor(props: Props & { editing: boolean; setEditing(editing: boolean): void }) {
  const action = useAction();
  const [value, setValue] = useState(props.cr.subject);
  const field = useFocusOnMount<HTMLInputElement>();
  if (!props.editing) return null;
  const close = () => {
    props.setEditing(false);
    action.clear();
    // Back to the button that opened the form (it is rendered again once the form is gone).
    requestAnimationFrame(() => document.getElementById("edit-subject")?.focus());
  };
  return (
    <form
      class="cr-subject-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const subject = value.trim();
        const saved = await action.run(async () =>
          props.setCr(await api<ChangeRequest>("PATCH", changeRequestRead(props.space.id, props.cr.id), { subject })),
        );
        if (saved) close();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <div class="field">
        <label for="cr-subject">Subject</label>
        <input
          id="cr-subject"
          value={value}
          maxLength={100}
          ref={field}
          onInput={(event) => setValue((event.target as HTMLInputElement).value)}
        />
      </div>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit="Save" onCancel={close} />
    </form>
  );
}

/** Markdown shown as text, one paragraph per block (blank-line separated); single line breaks are kept. */
function TextParagraphs(props: { markdown: string }) {
  const blocks = props.markdown.split(/\n[ \t]*\n/).filter((block) => block.trim() !== "");
  return (
    <>
      {blocks.map((block, i) => (
        <p key={i} class="cr-text">
          {block}
        </p>
      ))}
    </>
  );
}

/**
 * The description under the subject (its markdown, as text), and, for those who may edit the space's content, a
 * button opening a textarea to change it.
 */
export function DescriptionEditor(props: Props) {
  const [editing, setEditing] = useState(false);
  const markdown = props.cr.descriptionMarkdown ?? "";
  if (editing)
    return (
      <DescriptionForm
        {...props}
        initial={markdown}
        onClose={() => {
          setEditing(false);
          // Back to the button that opened the form (it is rendered again once the form is gone).
          requestAnimationFrame(() => document.getElementById("edit-description")?.focus());
        }}
      />
    );
  const canEdit = props.space.permissions.edit;
  if (!markdown && !canEdit) return null;
  return (
    <section class="cr-description" aria-label="Description">
      {markdown ? <TextParagraphs markdown={markdown} /> : null}
      {canEdit ? (
        <button type="button" class="secondary" id="edit-description" onClick={() => setEditing(true)}>
          Edit description
        </button>
      ) : null}
    </section>
  );
}

/** The description's textarea: saved as `{markdown}` (updateChangeRequestById); saved empty, it is removed. */
function DescriptionForm(props: Props & { initial: string; onClose(): void }) {
  const action = useAction();
  const [value, setValue] = useState(props.initial);
  const field = useFocusOnMount<HTMLTextAreaElement>();
  return (
    <form
      class="cr-description cr-text-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const saved = await action.run(async () =>
          props.setCr(
            await api<ChangeRequest>("PATCH", changeRequestRead(props.space.id, props.cr.id), {
              description: { markdown: value.trimEnd() },
            }),
          ),
        );
        if (saved) props.onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") props.onClose();
      }}
    >
      <div class="field">
        <label for="cr-description">Description</label>
        <textarea
          id="cr-description"
          value={value}
          maxLength={100000}
          ref={field}
          aria-describedby="cr-description-hint"
          onInput={(event) => setValue((event.target as HTMLTextAreaElement).value)}
        />
        <p class="hint" id="cr-description-hint">
          Markdown. Save it empty to remove the description.
        </p>
      </div>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit="Save" onCancel={props.onClose} />
    </form>
  );
}

/** The status changes the API allows from each status (updateChangeRequestById: `edit` and up; merged is final). */
const MOVES: Record<Status, Array<[Status, string]>> = {
  draft: [
    ["open", "Ready for review"],
    ["archived", "Archive"],
  ],
  open: [
    ["draft", "Convert to draft"],
    ["archived", "Archive"],
  ],
  archived: [["open", "Reopen"]],
  merged: [],
};

export function StatusActions(props: Props & { onEditSubject(): void }) {
  const action = useAction();
  if (!props.space.permissions.edit) return null;
  return (
    <div class="cr-toolbar">
      <div class="actions">
        <button type="button" class="secondary" id="edit-subject" onClick={props.onEditSubject}>
          Edit subject
        </button>
        {MOVES[props.cr.status].map(([status, label]) => (
          <button
            key={status}
            type="button"
            class={status === "archived" ? "danger" : "secondary"}
            disabled={action.busy}
            onClick={() =>
              action.run(async () =>
                props.setCr(
                  await api<ChangeRequest>("PATCH", changeRequestRead(props.space.id, props.cr.id), { status }),
                ),
              )
            }
          >
            {label}
          </button>
        ))}
      </div>
      <ErrorBox error={action.error} />
    </div>
  );
}

function Conflicts(props: { result: MergeResult; titles: Map<string, string>; what: string }) {
  const conflicts = props.result.conflicts ?? [];
  return (
    <div class="alert" role="alert">
      <p>
        {props.what} found {conflicts.length === 1 ? "a conflict" : `${conflicts.length} conflicts`} with the space's
        current content; nothing was changed. Resolve {conflicts.length === 1 ? "it" : "them"} in the content, then try
        again.
      </p>
      <ul>
        {conflicts.map((conflict, i) => (
          <li key={i}>
            {conflict.page ? (
              <strong>Page {props.titles.get(conflict.page) ?? conflict.page}: </strong>
            ) : conflict.file ? (
              <strong>File {props.titles.get(conflict.file) ?? conflict.file}: </strong>
            ) : null}
            {conflict.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The merge (mergeChangeRequest, `merge` on the space, open change requests) and the update from main
 * (updateChangeRequest, `edit`, when main moved on). A conflict is the API's 200 `result: "conflicts"`; a refusal
 * (already merged, archived, the space kept changing) its 409, shown with its message.
 */
export function MergeBox(props: Props & { titles: Map<string, string>; onUpdated(): void }) {
  const { space, cr } = props;
  const merge = useAction();
  const update = useAction();
  const [result, setResult] = useState<{ what: string; result: MergeResult }>();
  const [merged, setMerged] = useState(false);
  const spaceLink = <a href={appPath(space.urls.app)}>{space.title}</a>;
  // Stays in the page (empty when idle) so that screen readers announce its changes.
  const live = (
    <p class="cr-live" role="status">
      {merge.busy ? "Merging…" : update.busy ? `Updating from ${space.title}…` : merged ? "Merged." : ""}
    </p>
  );

  if (cr.status === "merged")
    return (
      <>
        {live}
        <div class="notice cr-merged">
          <p>
            Merged {cr.mergedAt ? <When iso={cr.mergedAt} /> : null}: its changes are in {spaceLink}.
          </p>
        </div>
      </>
    );
  // (The live region is the first child in every branch, so that it is the same element across them.)
  const canMerge = space.permissions.merge && cr.status === "open";
  const canUpdate = space.permissions.edit && cr.outdated;
  if (!canMerge && !canUpdate && cr.status !== "draft") return <>{live}</>;
  return (
    <>
      {live}
      <section class="card cr-merge" aria-labelledby="merge-title">
        <h2 id="merge-title">Merge</h2>
        {cr.status === "draft" ? (
          <p class="hint">This change request is a draft: mark it ready for review before merging it.</p>
        ) : null}
        {cr.outdated ? (
          <p>The space's content changed since this change request was last updated from it.</p>
        ) : canMerge ? (
          <p>This change request is up to date with {spaceLink}.</p>
        ) : null}
        {result ? <Conflicts what={result.what} result={result.result} titles={props.titles} /> : null}
        <ErrorBox error={merge.error ?? update.error} />
        <div class="buttons">
          {canMerge ? (
            <button
              type="button"
              disabled={merge.busy || update.busy}
              aria-busy={merge.busy}
              onClick={() =>
                merge.run(async () => {
                  setResult(undefined);
                  update.clear();
                  const answer = await api<MergeResult>("POST", `${changeRequestApi(space.id, cr.id)}/merge`);
                  if (answer.result === "conflicts") setResult({ what: "The merge", result: answer });
                  else {
                    // The merged change request as the API now has it (its status, when it was merged).
                    const merged = await api<ChangeRequest>("GET", changeRequestRead(space.id, cr.id)).catch(
                      (): ChangeRequest => ({ ...cr, status: "merged", revisionMerged: answer.revision }),
                    );
                    props.setCr(merged);
                    setMerged(true);
                  }
                })
              }
            >
              {merge.busy ? "Merging…" : "Merge"}
            </button>
          ) : null}
          {canUpdate ? (
            <button
              type="button"
              class="secondary"
              disabled={merge.busy || update.busy}
              aria-busy={update.busy}
              onClick={() =>
                update.run(async () => {
                  setResult(undefined);
                  merge.clear();
                  const answer = await api<MergeResult>("POST", `${changeRequestApi(space.id, cr.id)}/update`);
                  if (answer.result === "conflicts") setResult({ what: "The update", result: answer });
                  else props.onUpdated();
                })
              }
            >
              Update from {space.title}
            </button>
          ) : null}
        </div>
      </section>
    </>
  );
}
