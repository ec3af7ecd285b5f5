// An organization's content as a tree of rows: each collection and space links to its page and offers, in a
// menu, the actions the caller may take (the dialogs are useContentActions').
import type { Organization } from "@gitbook/api";
import { appPath, Menu } from "./common";
import { allowed, type DialogState, type Target, type Tree } from "./content-model";

export { useContentActions } from "./content-actions";
export { allowed, canCreateAnywhere, loadContent, Tree } from "./content-model";

const SPACE_VISIBILITY: Record<string, string> = {
  public: "Public",
  unlisted: "Unlisted",
  "share-link": "Share link",
  "visitor-auth": "Visitor authentication",
  "in-collection": "Collection's visibility",
  private: "Private",
};

/** The items under `parent` (`""`: the top level), collections first, each with what the caller may do. */
export function ContentTree(props: {
  tree: Tree;
  parent: string;
  organization: Organization | undefined;
  open(state: DialogState): void;
  label?: string;
}) {
  const { tree, parent } = props;
  const collections = tree.collections(parent);
  const spaces = tree.spaces(parent);
  if (!collections.length && !spaces.length) return null;
  return (
    <ul class="content-tree" aria-label={props.label}>
      {collections.map((collection) => (
        <li key={collection.id}>
          <ItemRow target={{ kind: "collection", item: collection }} {...props} />
          <ContentTree {...props} parent={collection.id} label={undefined} />
        </li>
      ))}
      {spaces.map((space) => (
        <li key={space.id}>
          <ItemRow target={{ kind: "space", item: space }} {...props} />
        </li>
      ))}
    </ul>
  );
}

function ItemRow(props: {
  target: Target;
  tree: Tree;
  organization: Organization | undefined;
  open(state: DialogState): void;
}) {
  const { target, tree, open } = props;
  const may = allowed(props.organization, tree, target);
  const creates = target.kind === "collection" && target.item.permissions.create;
  const any = may.rename || may.move || may.remove || creates;
  return (
    <div class="content-item">
      {target.kind === "collection" ? (
        <>
          <span class="org-glyph" aria-hidden="true">
            📁
          </span>
          <a href={appPath(target.item.urls.app)} class="collection-link">
            {target.item.title}
            <span class="visually-hidden"> (collection)</span>
          </a>
        </>
      ) : (
        <>
          <span class="org-glyph" aria-hidden="true">
            {target.item.emoji || "📄"}
          </span>
          <a href={appPath(target.item.urls.app)}>{target.item.title}</a>
          <span class="badge">{SPACE_VISIBILITY[target.item.visibility] ?? target.item.visibility}</span>
        </>
      )}
      {any ? (
        <Menu label={`Actions for ${target.item.title}`}>
          {(close) => {
            const pick = (state: DialogState) => () => {
              close();
              open(state);
            };
            return (
              <>
                {creates ? (
                  <>
                    <button type="button" onClick={pick({ type: "create", what: "space", parent: target.item.id })}>
                      New space here
                    </button>
                    <button
                      type="button"
                      onClick={pick({ type: "create", what: "collection", parent: target.item.id })}
                    >
                      New collection here
                    </button>
                  </>
                ) : null}
                {may.rename ? (
                  <button type="button" onClick={pick({ type: "rename", target })}>
                    Rename
                  </button>
                ) : null}
                {may.move ? (
                  <button type="button" onClick={pick({ type: "move", target })}>
                    Move
                  </button>
                ) : null}
                {may.remove ? (
                  <button type="button" class="org-danger" onClick={pick({ type: "delete", target })}>
                    Delete
                  </button>
                ) : null}
              </>
            );
          }}
        </Menu>
      ) : null}
    </div>
  );
}
