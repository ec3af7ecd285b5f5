// `/o/:org/sites`: the organization's sites, published or not, where they are served and who may read them;
// those who may change a site publish, unpublish and change its visibility here. Members who may create content
// create a site (with a first space). One round trip: the sites.
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { navigate } from "../../shell/router";
import { listAll, seg, usePlace } from "../../shell/session";
import { Dialog, ErrorBox, FormButtons, Loaded, useAction, View } from "../../shell/ui";
import { appPath, useOrganization } from "./common";
import { PublishableSpaces, type Site, SiteBadges, SiteControls, VisibilityOptions } from "./site-controls";

export { SiteView } from "./site";

export function Sites(props: { organizationId: string }) {
  usePlace(props.organizationId);
  const organization = useOrganization(props.organizationId);
  const load = useLoad(() => listAll<Site>(`/v1/orgs/${seg(props.organizationId)}/sites`), [props.organizationId]);
  const [creating, setCreating] = useState(false);
  const canCreate = Boolean(organization?.permissions.createContent);
  return (
    <View
      title="Sites"
      actions={
        canCreate ? (
          <button type="button" onClick={() => setCreating(true)}>
            New site
          </button>
        ) : null
      }
    >
      <Loaded load={load} label="Loading sites…">
        {(sites) =>
          sites.length ? (
            <ul class="site-list">
              {sites.map((site) => (
                <li key={site.id} class="card">
                  <div class="site-head">
                    <a href={appPath(site.urls.app)} class="site-title">
                      {site.title}
                    </a>
                    <SiteBadges site={site} />
                    <span class="hint">
                      {site.siteSpaces} {site.siteSpaces === 1 ? "space" : "spaces"}
                    </span>
                  </div>
                  {site.published && site.urls.published ? (
                    <p>
                      Live at <a href={site.urls.published}>{site.urls.published}</a>
                    </p>
                  ) : (
                    <p class="hint">Not published: only members see its content.</p>
                  )}
                  <SiteControls organizationId={props.organizationId} site={site} onChanged={load.reload} />
                </li>
              ))}
            </ul>
          ) : (
            <div class="org-empty">
              <p>This organization has no sites yet. A site publishes spaces as documentation for readers.</p>
              {canCreate ? (
                <div class="buttons">
                  <button type="button" onClick={() => setCreating(true)}>
                    Create a site
                  </button>
                </div>
              ) : null}
            </div>
          )
        }
      </Loaded>
      <Dialog title="New site" open={creating} onClose={() => setCreating(false)}>
        <CreateSite organizationId={props.organizationId} onClose={() => setCreating(false)} />
      </Dialog>
    </View>
  );
}

function CreateSite(props: { organizationId: string; onClose(): void }) {
  const action = useAction();
  const [title, setTitle] = useState("");
  const [visibility, setVisibility] = useState("public");
  const [first, setFirst] = useState("");
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        let site: Site | undefined;
        const ok = await action.run(async () => {
          site = await api<Site>("POST", `/v1/orgs/${seg(props.organizationId)}/sites`, {
            title: title.trim(),
            visibility,
            ...(first === "empty" ? { spaces: "empty" } : first ? { spaces: [first] } : {}),
          });
        });
        if (ok && site) {
          props.onClose();
          navigate(appPath(site.urls.app));
        }
      }}
    >
      <div class="field">
        <label for="site-title">Title</label>
        <input
          id="site-title"
          value={title}
          required
          minLength={2}
          maxLength={128}
          // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes the focus when it opens
          autoFocus
          onInput={(event) => setTitle((event.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="site-visibility">Visibility</label>
        <select
          id="site-visibility"
          value={visibility}
          onChange={(e) => setVisibility((e.target as HTMLSelectElement).value)}
        >
          <VisibilityOptions />
        </select>
      </div>
      <PublishableSpaces organizationId={props.organizationId}>
        {(spaces) => (
          <div class="field">
            <label for="site-first-space">First space</label>
            <select
              id="site-first-space"
              value={first}
              aria-describedby="site-first-space-hint"
              onChange={(e) => setFirst((e.target as HTMLSelectElement).value)}
            >
              <option value="">None yet (add spaces later)</option>
              <option value="empty">A new empty space</option>
              {spaces.map((space) => (
                <option key={space.id} value={space.id}>
                  {space.emoji ? `${space.emoji} ` : ""}
                  {space.title}
                </option>
              ))}
            </select>
            <span id="site-first-space-hint" class="hint">
              Spaces you administer can be published. The site starts unpublished.
            </span>
          </div>
        )}
      </PublishableSpaces>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit="Create site" onCancel={props.onClose} />
    </form>
  );
}
