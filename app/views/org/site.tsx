// `/o/:org/sites/:site`: a site, where it is served, and the spaces it publishes (each linking to its space);
// those who may change it publish, unpublish, change its visibility, add and remove spaces, and delete it.
// One round trip: the site and its site spaces, together.
import type { SiteSpace } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { navigate } from "../../shell/router";
import { listAll, seg, usePlace } from "../../shell/session";
import { Dialog, ErrorBox, FormButtons, Loaded, useAction, View } from "../../shell/ui";
import { appPath, ConfirmDialog, Status } from "./common";
import { PublishableSpaces, type Site, SiteBadges, SiteControls } from "./site-controls";

export function SiteView(props: { organizationId: string; siteId: string }) {
  usePlace(props.organizationId);
  const path = `/v1/orgs/${seg(props.organizationId)}/sites/${seg(props.siteId)}`;
  const sitesPath = `/o/${seg(props.organizationId)}/sites`;
  const load = useLoad(async () => {
    const [site, siteSpaces] = await Promise.all([api<Site>("GET", path), listAll<SiteSpace>(`${path}/site-spaces`)]);
    return { site, siteSpaces };
  }, [path]);
  const site = load.data?.site;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SiteSpace | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState("");
  const edit = Boolean(site?.permissions.edit);
  return (
    <View
      title={site?.title ?? "Site"}
      actions={
        edit ? (
          <>
            <button type="button" class="secondary" onClick={() => setAdding(true)}>
              Add a space
            </button>
            <button type="button" class="danger" onClick={() => setDeleting(true)}>
              Delete site
            </button>
          </>
        ) : null
      }
    >
      <nav aria-label="Breadcrumb" class="org-crumbs">
        <ol>
          <li>
            <a href={sitesPath}>Sites</a>
          </li>
          <li aria-current="page">{site?.title ?? "Site"}</li>
        </ol>
      </nav>
      <Status>{message}</Status>
      <Loaded load={load} label="Loading the site…">
        {({ site, siteSpaces }) => (
          <>
            <div class="site-head">
              <SiteBadges site={site} />
            </div>
            {site.published && site.urls.published ? (
              <p>
                Live at <a href={site.urls.published}>{site.urls.published}</a>
              </p>
            ) : (
              <p class="hint">Not published: readers cannot see it yet.</p>
            )}
            <SiteControls organizationId={props.organizationId} site={site} onChanged={load.reload} />
            <h2 id="site-spaces-heading" tabIndex={-1}>
              Spaces on this site
            </h2>
            {siteSpaces.length ? (
              <ul class="rows">
                {siteSpaces.map((ss) => (
                  <li key={ss.id}>
                    <div>
                      <span class="org-glyph" aria-hidden="true">
                        {ss.space.emoji || "📄"}
                      </span>
                      <a href={appPath(ss.space.urls.app)}>{ss.space.title}</a> <code>/{ss.path}</code>{" "}
                      {ss.default ? <span class="badge">default</span> : null}
                      {site.published && ss.urls.published ? (
                        <>
                          {" "}
                          · <a href={ss.urls.published}>published page</a>
                        </>
                      ) : null}
                    </div>
                    {edit ? (
                      <button type="button" class="danger" onClick={() => setRemoving(ss)}>
                        Remove<span class="visually-hidden"> {ss.space.title} from the site</span>
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                No spaces on this site yet{edit ? ": add one to publish it." : "."}
                {edit ? (
                  <>
                    {" "}
                    <button type="button" class="secondary" onClick={() => setAdding(true)}>
                      Add a space
                    </button>
                  </>
                ) : null}
              </p>
            )}
          </>
        )}
      </Loaded>
      <Dialog title="Add a space to the site" open={adding} onClose={() => setAdding(false)}>
        <AddSpace
          path={path}
          organizationId={props.organizationId}
          exclude={new Set((load.data?.siteSpaces ?? []).map((ss) => ss.space.id))}
          onClose={() => setAdding(false)}
          onAdded={(title) => {
            setMessage(`Added “${title}” to the site.`);
            load.reload();
          }}
        />
      </Dialog>
      <ConfirmDialog
        title="Remove space from site"
        confirm="Remove"
        focusAfter="site-spaces-heading"
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={async () => {
          if (!removing) return;
          await api("DELETE", `${path}/site-spaces/${seg(removing.id)}`);
          setMessage(`Removed “${removing.space.title}” from the site; the space itself stays.`);
          load.reload();
        }}
      >
        <p>
          Remove <strong>{removing?.space.title}</strong> from the site? Readers no longer find it there; the space and
          its content stay.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        title="Delete site"
        confirm="Delete site"
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await api("DELETE", path);
          navigate(sitesPath);
        }}
      >
        <p>
          Delete the site <strong>{site?.title}</strong>? It stops being served and its structure is lost; its spaces
          stay.
        </p>
      </ConfirmDialog>
    </View>
  );
}

function AddSpace(props: {
  path: string;
  organizationId: string;
  exclude: ReadonlySet<string>;
  onClose(): void;
  onAdded(title: string): void;
}) {
  const action = useAction();
  const [chosen, setChosen] = useState("");
  return (
    <PublishableSpaces organizationId={props.organizationId} exclude={props.exclude}>
      {(spaces) =>
        spaces.length ? (
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              const space = spaces.find((s) => s.id === chosen) ?? spaces[0]!;
              if (await action.run(() => api("POST", `${props.path}/site-spaces`, { spaceId: space.id }))) {
                props.onClose();
                props.onAdded(space.title);
              }
            }}
          >
            <div class="field">
              <label for="add-site-space">Space</label>
              <select
                id="add-site-space"
                value={chosen || spaces[0]!.id}
                // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes the focus when it opens
                autoFocus
                aria-describedby="add-site-space-hint"
                onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}
              >
                {spaces.map((space) => (
                  <option key={space.id} value={space.id}>
                    {space.emoji ? `${space.emoji} ` : ""}
                    {space.title}
                  </option>
                ))}
              </select>
              <span id="add-site-space-hint" class="hint">
                Spaces you administer that are not on this site yet.
              </span>
            </div>
            <ErrorBox error={action.error} />
            <FormButtons busy={action.busy} submit="Add to site" onCancel={props.onClose} />
          </form>
        ) : (
          <>
            <p>There is no space you administer that is not on this site already.</p>
            <div class="buttons">
              <button type="button" class="secondary" onClick={props.onClose}>
                Close
              </button>
            </div>
          </>
        )
      }
    </PublishableSpaces>
  );
}
