// `/o/:org`: the organization's collections and spaces as a tree, with the actions the caller may take.
// One round trip: the collections and the spaces, together.
import { useMemo } from "preact/hooks";
import { useLoad } from "../../shell/load";
import { usePlace } from "../../shell/session";
import { Loaded, View } from "../../shell/ui";
import { useOrganization } from "./common";
import { canCreateAnywhere, ContentTree, loadContent, Tree, useContentActions } from "./content";

export function OrganizationHome(props: { organizationId: string }) {
  usePlace(props.organizationId);
  const organization = useOrganization(props.organizationId);
  const load = useLoad(() => loadContent(props.organizationId), [props.organizationId]);
  const tree = useMemo(() => load.data && new Tree(load.data), [load.data]);
  const actions = useContentActions({
    organization,
    organizationId: props.organizationId,
    tree,
    reload: load.reload,
  });
  const createSpace = tree ? canCreateAnywhere(organization, tree) : false;
  const createCollection = Boolean(organization?.permissions.createContent);
  const buttons = (
    <>
      {createCollection ? (
        <button
          type="button"
          class="secondary"
          onClick={() => actions.open({ type: "create", what: "collection", parent: "" })}
        >
          New collection
        </button>
      ) : null}
      {createSpace ? (
        <button type="button" onClick={() => actions.open({ type: "create", what: "space", parent: "" })}>
          New space
        </button>
      ) : null}
    </>
  );
  return (
    <View title={organization?.title ?? "Organization"} actions={buttons}>
      {actions.dialogs}
      <Loaded load={{ ...load, data: tree }} label="Loading spaces…">
        {(tree) =>
          tree.content.collections.length || tree.content.spaces.length ? (
            <ContentTree
              tree={tree}
              parent=""
              organization={organization}
              open={actions.open}
              label="Collections and spaces"
            />
          ) : (
            <div class="org-empty">
              <p>This organization has no spaces or collections yet{createSpace ? "." : " that you can see."}</p>
              {createSpace ? (
                <p class="hint">Create a space to start writing, or a collection to group spaces.</p>
              ) : null}
              {createSpace ? <div class="buttons">{buttons}</div> : null}
            </div>
          )
        }
      </Loaded>
    </View>
  );
}
