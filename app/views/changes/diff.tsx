// What a change request changes, as getChangeRequestChanges answers it with `content=markdown`: per page
// (added, removed, moved, edited: its attributes and its body's diff), then files, variables and reusable
// contents.
import { useState } from "preact/hooks";
import type { Attributes, FileRef, Markdown, PageRef, SemanticChange, SemanticChanges } from "./model";
import { TextDiff } from "./text-diff";

interface PageChanges {
  page: PageRef;
  created?: boolean;
  deleted?: boolean;
  attributes?: Attributes;
  markdown?: Markdown;
  moved?: { before?: PageRef; after?: PageRef };
}

/** Page changes by page, in the order the API gave them (a page both edited and moved is one entry). */
function byPage(changes: SemanticChange[]): PageChanges[] {
  const pages = new Map<string, PageChanges>();
  for (const change of changes) {
    if (!("page" in change)) continue;
    const entry = pages.get(change.page.id) ?? { page: change.page };
    pages.set(change.page.id, entry);
    if (change.type === "page_created") entry.created = true;
    if (change.type === "page_deleted") entry.deleted = true;
    if (change.type === "page_edited") entry.attributes = change.attributes;
    if (change.type === "page_moved") entry.moved = change.parent;
    if ("markdown" in change && change.markdown) entry.markdown = change.markdown;
  }
  return [...pages.values()];
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

const ATTRIBUTE_LABEL: Record<string, string> = {
  title: "Title",
  description: "Description",
  slug: "Slug",
  emoji: "Emoji",
  layout: "Layout",
  name: "Name",
  contentType: "Type",
  size: "Size",
  dimensions: "Dimensions",
};

/** Attribute changes, before → after; `skip` leaves out those shown otherwise (the body, a file's URL). */
function AttributeChanges(props: { attributes: Attributes; skip?: string[] }) {
  const entries = Object.entries(props.attributes).filter(([key]) => !props.skip?.includes(key));
  if (entries.length === 0) return null;
  return (
    <dl class="cr-attributes diff">
      {entries.map(([key, { before, after }]) => (
        <div key={key}>
          <dt>{ATTRIBUTE_LABEL[key] ?? key}</dt>
          <dd>
            <del>{show(before)}</del> <span aria-hidden="true">→</span>
            <span class="visually-hidden">changed to</span> <ins>{show(after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const where = (parent?: PageRef) => (parent ? `“${parent.title}”` : "the top level");

function PageDiff(props: { entry: PageChanges; sides: boolean }) {
  const { entry } = props;
  const bodyChanged = entry.created || entry.deleted || entry.attributes?.document !== undefined;
  const isDocument = entry.page.type === "document";
  return (
    <details class="card cr-page" open>
      <summary>
        <h3>{entry.page.title || "Untitled page"}</h3>
        {entry.created ? <span class="badge open">Added</span> : null}
        {entry.deleted ? <span class="badge removed">Removed</span> : null}
        {entry.attributes ? <span class="badge">Edited</span> : null}
        {entry.moved ? <span class="badge">Moved</span> : null}
        {entry.page.path ? <code class="hint">/{entry.page.path}</code> : null}
      </summary>
      {entry.moved ? (
        <p>
          Moved from {where(entry.moved.before)} to {where(entry.moved.after)}.
        </p>
      ) : null}
      {entry.attributes ? <AttributeChanges attributes={entry.attributes} skip={["document"]} /> : null}
      {bodyChanged && isDocument ? (
        entry.markdown ? (
          <TextDiff before={entry.markdown.before ?? ""} after={entry.markdown.after ?? ""} sides={props.sides} />
        ) : (
          <p class="hint">The body changed; the API did not include its text.</p>
        )
      ) : null}
    </details>
  );
}

function FileChange(props: { kind: "Added" | "Removed" | "Edited"; file: FileRef; attributes?: Attributes }) {
  return (
    <li>
      <div>
        {props.file.downloadURL && props.kind !== "Removed" ? (
          <a href={props.file.downloadURL}>{props.file.name}</a>
        ) : (
          <span>{props.file.name}</span>
        )}{" "}
        <span class="hint">{props.file.contentType}</span>
        {props.attributes ? <AttributeChanges attributes={props.attributes} skip={["downloadURL"]} /> : null}
        {props.attributes?.downloadURL ? <p class="hint">Its content changed.</p> : null}
      </div>
      <span class={`badge${props.kind === "Added" ? " open" : props.kind === "Removed" ? " removed" : ""}`}>
        {props.kind}
      </span>
    </li>
  );
}

const SIDES_KEY = "quire.diff.sides";

function useSides(): [boolean, (sides: boolean) => void] {
  const [sides, setSides] = useState(() => {
    try {
      return localStorage.getItem(SIDES_KEY) === "1";
    } catch {
      return false;
    }
  });
  return [
    sides,
    (value) => {
      setSides(value);
      try {
        localStorage.setItem(SIDES_KEY, value ? "1" : "0");
      } catch {
        // Storage refused (private mode): the choice lasts for this view only.
      }
    },
  ];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ChangesDiff(props: { changes: SemanticChanges }) {
  const [sides, setSides] = useSides();
  const { changes } = props.changes;
  const pages = byPage(changes);
  const files = changes.filter((c) => c.type.startsWith("file_"));
  const variables = changes.flatMap((c) => (c.type === "variables_edited" ? [c.variables] : []));
  const reusable = changes.flatMap((c) => ("reusableContent" in c ? [c] : []));
  if (changes.length === 0) return <p class="hint">This change request changes nothing yet.</p>;
  return (
    <>
      <div class="cr-diff-head">
        <p>
          {plural(pages.length, "page", "pages")} and {plural(files.length, "file", "files")} changed.
        </p>
        <fieldset class="cr-toggle">
          <legend class="visually-hidden">Diff layout</legend>
          <label>
            <input type="radio" name="diff-layout" checked={!sides} onChange={() => setSides(false)} /> Unified
          </label>
          <label>
            <input type="radio" name="diff-layout" checked={sides} onChange={() => setSides(true)} /> Side by side
          </label>
        </fieldset>
      </div>
      {pages.map((entry) => (
        <PageDiff key={entry.page.id} entry={entry} sides={sides} />
      ))}
      {files.length ? (
        <>
          <h3>Files changed</h3>
          <ul class="rows">
            {files.map((change) =>
              change.type === "file_created" ? (
                <FileChange key={change.file.id} kind="Added" file={change.file} />
              ) : change.type === "file_deleted" ? (
                <FileChange key={change.file.id} kind="Removed" file={change.file} />
              ) : change.type === "file_edited" ? (
                <FileChange key={change.file.id} kind="Edited" file={change.file} attributes={change.attributes} />
              ) : null,
            )}
          </ul>
        </>
      ) : null}
      {variables.length ? (
        <>
          <h3>Variables changed</h3>
          {variables.map((attributes, i) => (
            <AttributeChanges key={i} attributes={attributes} />
          ))}
        </>
      ) : null}
      {reusable.length ? (
        <>
          <h3>Reusable content changed</h3>
          <ul class="rows">
            {reusable.map((change) => (
              <li key={change.reusableContent.id}>
                <span>{change.reusableContent.title}</span>
                <span class="badge">
                  {change.type === "reusable_content_created"
                    ? "Added"
                    : change.type === "reusable_content_deleted"
                      ? "Removed"
                      : "Edited"}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {props.changes.more ? (
        <p class="hint">{plural(props.changes.more, "more change is", "more changes are")} not shown.</p>
      ) : null}
    </>
  );
}
