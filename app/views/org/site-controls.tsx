// What may be done to a site from its row or its page, when its `permissions` allow changing it (`edit`):
// publish or unpublish it, change its visibility. Each shows its progress and says when it is done.
import type { Site as ReferenceSite, Space } from "@gitbook/api";
import type { VNode } from "preact";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg } from "../../shell/session";
import { ErrorBox, Loaded, useAction } from "../../shell/ui";
import { Status } from "./common";

/** A site as Quire answers it: the reference's, with the caller's `permissions` (src/wire/site.ts). */
export type Site = ReferenceSite & { permissions: { view: boolean; edit: boolean; create: boolean; admin: boolean } };

export const SITE_VISIBILITY: Record<string, string> = {
  public: "Public: anyone, indexed by search engines",
  unlisted: "Unlisted: anyone with the address",
  "share-link": "Share link: only with a secret link",
  "visitor-auth": "Visitor authentication: visitors sign in",
};

export const siteVisibilityName = (visibility: string) => SITE_VISIBILITY[visibility]?.split(":")[0] ?? visibility;

export function VisibilityOptions() {
  return (
    <>
      {Object.entries(SITE_VISIBILITY).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

export function SiteBadges(props: { site: Site }) {
  const { site } = props;
  return (
    <>
      <span class={`badge ${site.published ? "open" : ""}`}>{site.published ? "Published" : "Not published"}</span>{" "}
      <span class="badge">{siteVisibilityName(site.visibility)}</span>
    </>
  );
}

export function SiteControls(props: { organizationId: string; site: Site; onChanged(): void }) {
  const { site } = props;
  const path = `/v1/orgs/${seg(props.organizationId)}/sites/${seg(site.id)}`;
  const publish = useAction();
  const save = useAction();
  const [visibility, setVisibility] = useState<string>(site.visibility);
  const [message, setMessage] = useState<VNode | string>("");
  const fieldId = `visibility-${site.id}`;
  if (!site.permissions.edit) return null;
  return (
    <div class="site-controls">
      <button
        type="button"
        class={site.published ? "secondary" : ""}
        disabled={publish.busy}
        aria-busy={publish.busy}
        onClick={async () => {
          setMessage("");
          let after: Site | undefined;
          const ok = await publish.run(async () => {
            after = await api<Site>("POST", `${path}/${site.published ? "unpublish" : "publish"}`);
          });
          if (!ok || !after) return;
          setMessage(
            after.published ? (
              <>
                Published “{after.title}”
                {after.urls.published ? (
                  <>
                    : it is live at <a href={after.urls.published}>{after.urls.published}</a>
                  </>
                ) : null}
                .
              </>
            ) : (
              `Unpublished “${after.title}”: it is no longer served.`
            ),
          );
          props.onChanged();
        }}
      >
        {publish.busy ? (site.published ? "Unpublishing…" : "Publishing…") : site.published ? "Unpublish" : "Publish"}
        <span class="visually-hidden"> {site.title}</span>
      </button>
      <form
        class="org-inline"
        onSubmit={async (event) => {
          event.preventDefault();
          setMessage("");
          if (await save.run(() => api("PATCH", path, { visibility }))) {
            setMessage(`“${site.title}” is now ${siteVisibilityName(visibility).toLowerCase()}.`);
            props.onChanged();
          }
        }}
      >
        <label for={fieldId}>Visibility</label>
        <select id={fieldId} value={visibility} onChange={(e) => setVisibility((e.target as HTMLSelectElement).value)}>
          <VisibilityOptions />
        </select>
        <button
          type="submit"
          class="secondary"
          disabled={visibility === site.visibility || save.busy}
          aria-busy={save.busy}
        >
          Save<span class="visually-hidden"> the visibility of {site.title}</span>
        </button>
      </form>
      <ErrorBox error={publish.error ?? save.error} />
      <Status>{message}</Status>
    </div>
  );
}

/**
 * The organization's spaces the caller may put on a site (publishing needs `admin` on the space), read when
 * the form that needs them opens.
 */
export function PublishableSpaces(props: {
  organizationId: string;
  exclude?: ReadonlySet<string>;
  children: (spaces: Space[]) => VNode;
}) {
  const load = useLoad(() => listAll<Space>(`/v1/orgs/${seg(props.organizationId)}/spaces`), [props.organizationId]);
  return (
    <Loaded load={load} label="Loading spaces…">
      {(spaces) => props.children(spaces.filter((s) => s.permissions.admin && !props.exclude?.has(s.id)))}
    </Loaded>
  );
}
