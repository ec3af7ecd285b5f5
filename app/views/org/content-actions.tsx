// The dialogs that create, rename, move and delete an organization's collections and spaces (one set per view),
// and the status line that reports each change; the lists are reloaded after it.
import type { Collection, Organization, Space } from "@gitbook/api";
import type { VNode } from "preact";
import { useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { seg } from "../../shell/session";
import { Dialog, ErrorBox, FormButtons, PromptDialog, useAction } from "../../shell/ui";
import { appPath, ConfirmDialog, Status } from "./common";
import { canCreateIn, type DialogState, moveTargets, type Target, type Tree } from "./content-model";

/**
 * The dialogs for creating, renaming, moving and deleting content, and the status line that reports each
 * change; the lists are reloaded after it.
 */
export function useContentActions(props: {
  organization: Organization | undefined;
  organizationId: string;
  tree: Tree | undefined;
  reload(): void;
  /** Told what was deleted; true when the view leaves (its own collection went). */
  onDeleted?(target: Target): boolean;
}): { open(state: DialogState): void; dialogs: VNode } {
  const [state, setState] = useState<DialogState | null>(null);
  const [message, setMessage] = useState<VNode | string>("");
  const moved = useRef(false);
  const close = () => setState(null);
  const done = (text: VNode | string) => {
    setMessage(text);
    props.reload();
  };
  const target = state && state.type !== "create" ? state.target : undefined;
  const noun = target?.kind ?? "";
  const path = target ? (target.kind === "space" ? `/v1/spaces/` : `/v1/collections/`) + seg(target.item.id) : "";
  const dialogs = (
    <>
      <Status>{message}</Status>
      {props.tree ? (
        <CreateDialog
          state={state?.type === "create" ? state : undefined}
          organization={props.organization}
          organizationId={props.organizationId}
          tree={props.tree}
          onClose={close}
          onCreated={(what, item) =>
            done(
              <>
                Created the {what} <a href={appPath(item.urls.app)}>{item.title}</a>.
              </>,
            )
          }
        />
      ) : null}
      <PromptDialog
        title={`Rename ${noun}`}
        label="Title"
        submit="Rename"
        maxLength={50}
        open={state?.type === "rename"}
        initial={target?.item.title}
        onClose={close}
        onSubmit={async (title) => {
          await api("PATCH", path, { title });
          done(`Renamed the ${noun} to “${title}”.`);
        }}
      />
      {props.tree ? (
        <MoveDialog
          target={state?.type === "move" ? target : undefined}
          organization={props.organization}
          tree={props.tree}
          onClose={() => {
            close();
            // The moved row is rendered anew in its new place: the view's title takes the focus (on the dialog's
            // `close` event, once the browser has given it back to the opener).
            if (moved.current) document.getElementById("view-title")?.focus();
          }}
          onMoved={(where) => {
            moved.current = true;
            done(`Moved “${target?.item.title}” to ${where}.`);
          }}
        />
      ) : null}
      <ConfirmDialog
        title={`Delete ${noun}`}
        confirm={`Delete ${noun}`}
        open={state?.type === "delete"}
        focusAfter="view-title"
        onClose={close}
        onConfirm={async () => {
          if (!target) return;
          await api("DELETE", path);
          setMessage(`Deleted the ${noun} “${target.item.title}”.`);
          if (!props.onDeleted?.(target)) props.reload();
        }}
      >
        {target ? <DeleteText target={target} tree={props.tree} /> : null}
      </ConfirmDialog>
    </>
  );
  const open = (next: DialogState) => {
    moved.current = false;
    setMessage("");
    setState(next);
  };
  return { open, dialogs };
}

function DeleteText(props: { target: Target; tree: Tree | undefined }) {
  const { target } = props;
  if (target.kind === "space")
    return (
      <p>
        Delete the space <strong>{target.item.title}</strong>? It goes to the trash, where an admin can restore it for 7
        days.
      </p>
    );
  const inside = props.tree?.subtree(target.item.id) ?? { collections: [], spaces: [] };
  return (
    <p>
      Delete the collection <strong>{target.item.title}</strong>
      {inside.collections.length ? ` with its ${count(inside.collections.length, "sub-collection")}` : ""}?{" "}
      {inside.spaces.length
        ? `Its ${count(inside.spaces.length, "space")} (and any you cannot see) go to the trash, restorable for 7 days.`
        : "Any spaces in it go to the trash, restorable for 7 days."}
    </p>
  );
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function CollectionOptions(props: { items: { collection: Collection; depth: number }[] }) {
  return (
    <>
      {props.items.map(({ collection, depth }) => (
        <option key={collection.id} value={collection.id}>
          {`${"\u00a0\u00a0".repeat(depth)}${collection.title}`}
        </option>
      ))}
    </>
  );
}

function CreateDialog(props: {
  state: { what: "space" | "collection"; parent: string } | undefined;
  organization: Organization | undefined;
  organizationId: string;
  tree: Tree;
  onClose(): void;
  onCreated(what: "space" | "collection", item: Space | Collection): void;
}) {
  const what = props.state?.what ?? "space";
  return (
    <Dialog title={`New ${what}`} open={props.state !== undefined} onClose={props.onClose}>
      {props.state ? <CreateForm {...props} what={what} parent={props.state.parent} /> : null}
    </Dialog>
  );
}

function CreateForm(props: {
  what: "space" | "collection";
  parent: string;
  organization: Organization | undefined;
  organizationId: string;
  tree: Tree;
  onClose(): void;
  onCreated(what: "space" | "collection", item: Space | Collection): void;
}) {
  const action = useAction();
  const top = Boolean(props.organization?.permissions.createContent);
  const places = props.tree.ordered().filter(({ collection }) => collection.permissions.create);
  const [title, setTitle] = useState("");
  const [parent, setParent] = useState(
    canCreateIn(props.organization, props.tree, props.parent)
      ? props.parent
      : top
        ? ""
        : (places[0]?.collection.id ?? ""),
  );
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        await action.run(async () => {
          const body = { title: title.trim() || undefined, ...(parent ? { parent } : {}) };
          const item = await api<Space | Collection>(
            "POST",
            `/v1/orgs/${seg(props.organizationId)}/${props.what === "space" ? "spaces" : "collections"}`,
            body,
          );
          props.onClose();
          props.onCreated(props.what, item);
        });
      }}
    >
      <div class="field">
        <label for="create-title">Title</label>
        <input
          id="create-title"
          value={title}
          maxLength={50}
          required
          // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes the focus when it opens
          autoFocus
          onInput={(event) => setTitle((event.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="create-parent">In</label>
        <select
          id="create-parent"
          value={parent}
          onChange={(event) => setParent((event.target as HTMLSelectElement).value)}
        >
          {top ? <option value="">The organization (top level)</option> : null}
          <CollectionOptions items={places} />
        </select>
      </div>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit={`Create ${props.what}`} onCancel={props.onClose} />
    </form>
  );
}

function MoveDialog(props: {
  target: Target | undefined;
  organization: Organization | undefined;
  tree: Tree;
  onClose(): void;
  onMoved(where: string): void;
}) {
  return (
    <Dialog title={`Move ${props.target?.kind ?? ""}`} open={props.target !== undefined} onClose={props.onClose}>
      {props.target ? <MoveForm {...props} target={props.target} /> : null}
    </Dialog>
  );
}

function MoveForm(props: {
  target: Target;
  organization: Organization | undefined;
  tree: Tree;
  onClose(): void;
  onMoved(where: string): void;
}) {
  const action = useAction();
  const targets = moveTargets(props.organization, props.tree, props.target);
  const current = props.tree.parentOf(props.target.item.parent);
  const [parent, setParent] = useState(
    (current === "" && targets.top) || targets.collections.some((t) => t.collection.id === current)
      ? current
      : targets.top
        ? ""
        : (targets.collections[0]?.collection.id ?? ""),
  );
  const { kind, item } = props.target;
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        await action.run(async () => {
          await api("POST", `/v1/${kind === "space" ? "spaces" : "collections"}/${seg(item.id)}/move`, {
            parent: parent || null,
          });
          props.onClose();
          props.onMoved(parent ? `“${props.tree.byId.get(parent)?.title ?? parent}”` : "the top level");
        });
      }}
    >
      <p>
        Move <strong>{item.title}</strong> to:
      </p>
      <div class="field">
        <label for="move-parent">Destination</label>
        <select
          id="move-parent"
          value={parent}
          // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes the focus when it opens
          autoFocus
          onChange={(event) => setParent((event.target as HTMLSelectElement).value)}
        >
          {targets.top ? <option value="">Top level of the organization</option> : null}
          <CollectionOptions items={targets.collections} />
        </select>
      </div>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit="Move" onCancel={props.onClose} />
    </form>
  );
}
