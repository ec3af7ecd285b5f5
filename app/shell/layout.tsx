// The frame around every view: a skip link, the header (home, organization switcher, the organization's
// sections, search, account) and the main region, which takes the focus after each navigation.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { navigate } from "./router";
import { SearchDialog, useSearchShortcut } from "./search";
import { seg, useSession } from "./session";
import { ErrorBox, useAction } from "./ui";

export function Layout(props: { path: string; space?: { id: string; title: string }; children: ComponentChildren }) {
  const session = useSession();
  const [searching, setSearching] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchShortcut(openSearch);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Not on the first load (the browser starts at the top); after a navigation, at the new view.
    if (first.current) first.current = false;
    else main.current?.focus({ preventScroll: true });
  }, [props.path]);

  const organization = session.organizations.find((org) => org.id === session.organizationId);
  const signOut = useAction();
  const here = (path: string) => (props.path === path ? "page" : undefined);
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/">
          Quire
        </a>
        {session.organizations.length > 0 ? (
          <label class="switcher">
            <span class="visually-hidden">Organization</span>
            <select
              value={session.organizationId ?? ""}
              onChange={(event) => {
                const id = (event.target as HTMLSelectElement).value;
                if (id) navigate(`/o/${seg(id)}`);
              }}
            >
              {session.organizationId ? null : <option value="">Choose an organization</option>}
              {session.organizations.map((org) => (
                <option key={org.id} value={org.id}>
                  {org.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {organization ? (
          <nav aria-label={organization.title} class="sections">
            <a href={`/o/${seg(organization.id)}`} aria-current={here(`/o/${organization.id}`)}>
              Spaces
            </a>
            <a href={`/o/${seg(organization.id)}/changes`} aria-current={here(`/o/${organization.id}/changes`)}>
              Change requests
            </a>
            {organization.permissions.listMembers ? (
              <a href={`/o/${seg(organization.id)}/members`} aria-current={here(`/o/${organization.id}/members`)}>
                Members
              </a>
            ) : null}
            <a href={`/o/${seg(organization.id)}/sites`} aria-current={here(`/o/${organization.id}/sites`)}>
              Sites
            </a>
          </nav>
        ) : null}
        <div class="end">
          <button type="button" class="secondary" onClick={openSearch} aria-keyshortcuts="/ Control+K">
            Search <kbd>/</kbd>
          </button>
          <a href="/account" class="account">
            {session.user.displayName}
          </a>
          <button
            type="button"
            class="secondary"
            disabled={signOut.busy}
            onClick={() =>
              signOut.run(async () => {
                await api("POST", "/v1/auth/sign-out");
                location.assign("/sign-in");
              })
            }
          >
            Sign out
          </button>
        </div>
      </header>
      <ErrorBox error={signOut.error} />
      <main id="main" ref={main} tabIndex={-1}>
        {props.children}
      </main>
      <SearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        organizationId={session.organizationId ?? session.organizations[0]?.id}
        space={props.space}
      />
    </>
  );
}
