// `/o/:org/c/:collection`: a collection, its place in the organization and what it holds, with the actions the
// caller may take on it and on its children. One round trip: the collection and the organization's lists.
import type { Collection } from "@gitbook/api";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { navigate } from "../../shell/router";
import { seg, usePlace } from "../../shell/session";
import { Loaded, View } from "../../shell/ui";
import { appPath, useOrganization } from "./common";
import { allowed, ContentTree, loadContent, Tree, useContentActions } from "./content";

export function CollectionView(props: { organizationId: string; collectionId: string }) {
  usePlace(props.organizationId);
  const organization = useOrganization(props.organizationId);
  const load = useLoad(async () => {
    const [collection, content] = await Promise.all([
      api<Collection>("GET", `/v1/collections/${seg(props.collectionId)}`),
      loadContent(props.organizationId),
    ]);
    // The collection as fetched is the truth about it (the list may lag a moment behind a write).
    const collections = content.collections.some((c) => c.id === collection.id)
      ? content.collections.map((c) => (c.id === collection.id ? collection : c))
      : [...content.collections, collection];
    return { collection, tree: new Tree({ ...content, collections }) };
  }, [props.organizationId, props.collectionId]);
  const data = load.data;
  const tree = data?.tree;
  const collection = data?.collection;
  const actions = useContentActions({
    organization,
    organizationId: props.organizationId,
    tree,
    reload: load.reload,
    onDeleted(target) {
      if (target.kind !== "collection" || target.item.id !== props.collectionId) return false;
      const parent = tree?.byId.get(target.item.parent ?? "");
      navigate(parent ? appPath(parent.urls.app) : `/o/${seg(props.organizationId)}`);
      return true;
    },
  });
  const orgHome = `/o/${seg(props.organizationId)}`;
  const may = collection && tree ? allowed(organization, tree, { kind: "collection", item: collection }) : undefined;
  const creates = Boolean(collection?.permissions.create);
  const target = collection ? { kind: "collection" as const, item: collection } : undefined;
  const buttons =
    collection && target ? (
      <>
        {may?.rename ? (
          <button type="button" class="secondary" onClick={() => actions.open({ type: "rename", target })}>
            Rename
          </button>
        ) : null}
        {may?.move ? (
          <button type="button" class="secondary" onClick={() => actions.open({ type: "move", target })}>
            Move
          </button>
        ) : null}
        {may?.remove ? (
          <button type="button" class="danger" onClick={() => actions.open({ type: "delete", target })}>
            Delete
          </button>
        ) : null}
        {creates ? (
          <>
            <button
              type="button"
              class="secondary"
              onClick={() => actions.open({ type: "create", what: "collection", parent: collection.id })}
            >
              New collection
            </button>
            <button
              type="button"
              onClick={() => actions.open({ type: "create", what: "space", parent: collection.id })}
            >
              New space
            </button>
          </>
        ) : null}
      </>
    ) : null;
  return (
    <View title={collection?.title ?? "Collection"} actions={buttons}>
      {actions.dialogs}
      <Loaded load={load} label="Loading the collection…">
        {({ collection, tree }) => (
          <>
            <nav aria-label="Breadcrumb" class="org-crumbs">
              <ol>
                <li>
                  <a href={orgHome}>{organization?.title ?? "Organization"}</a>
                </li>
                {tree.ancestors(collection.id).map((c) => (
                  <li key={c.id}>
                    <a href={appPath(c.urls.app)}>{c.title}</a>
                  </li>
                ))}
                <li aria-current="page">{collection.title}</li>
              </ol>
            </nav>
            {collection.description ? <p>{collection.description}</p> : null}
            {tree.collections(collection.id).length || tree.spaces(collection.id).length ? (
              <ContentTree
                tree={tree}
                parent={collection.id}
                organization={organization}
                open={actions.open}
                label={`In ${collection.title}`}
              />
            ) : (
              <div class="org-empty">
                <p>This collection is empty{creates ? "." : ", or holds nothing you can see."}</p>
                {creates ? (
                  <div class="buttons">
                    <button
                      type="button"
                      onClick={() => actions.open({ type: "create", what: "space", parent: collection.id })}
                    >
                      New space
                    </button>
                  </div>
                ) : null}
              </div>
            )}
          </>
        )}
      </Loaded>
    </View>
  );
}
