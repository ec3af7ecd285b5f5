// A space: its page tree beside the page shown (its body as the API renders it), with the space's actions the
// person's role allows. Entering the space is one round trip (the space, its tree and the page); moving between
// its pages keeps the space and the tree and asks only for the page. The space's own URL (no page path) goes on
// to its first document page's URL (history replaced), a navigation that asks only for that page.
import type { ChangeRequest, RevisionPage, Space } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../../api";
import { useLoad } from "../../shell/load";
import { navigate } from "../../shell/router";
import { seg, usePlace } from "../../shell/session";
import { ErrorBox, FailedView, Loading, PromptDialog, View } from "../../shell/ui";
import { ImportAction } from "./import";
import { outlineOf, PageBody, PageOutline, type RenderedPage } from "./page-content";
import { PdfExport } from "./pdf-export";
import { appPath, emojiText, encodePath, firstDocument, PageTree } from "./tree";

interface SpaceShell {
  space: Space;
  pages: RevisionPage[];
}

/** The page's read: the page, the API's refusal (a 404 is shown in the space, beside its tree), or no page. */
type PageRead = { page: RenderedPage } | { error: unknown } | { empty: true } | { redirect: string };

interface SpaceData {
  shell: SpaceShell;
  read: PageRead;
}

/** A refusal that trying again does not change (the page is not there, or not for this person). */
const refused = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

function settle(request: Promise<RenderedPage>): Promise<PageRead> {
  return request.then(
    (page) => ({ page }),
    (error: unknown) => ({ error }),
  );
}

export function SpaceView(props: { spaceId: string; pagePath?: string }) {
  const { spaceId, pagePath } = props;
  // The space and its tree, kept while this view stays on the space (navigations between its pages).
  const kept = useRef<SpaceShell | undefined>(undefined);
  const base = `/v1/spaces/${seg(spaceId)}`;
  const load = useLoad<SpaceData>(async () => {
    const byPath = (path: string) => api<RenderedPage>("GET", `${base}/content/path/${encodePath(path)}?format=html`);
    let shell = kept.current?.space.id === spaceId ? kept.current : undefined;
    let read: PageRead | undefined;
    if (shell) {
      if (pagePath) read = await settle(byPath(pagePath));
    } else {
      const [space, tree, page] = await Promise.all([
        api<Space>("GET", base),
        api<{ pages: RevisionPage[] }>("GET", `${base}/content/pages`),
        pagePath ? settle(byPath(pagePath)) : undefined,
      ]);
      shell = { space, pages: tree.pages };
      read = page;
    }
    kept.current = shell;
    if (read) return { shell, read };
    // The space's own URL opens its first page, at that page's URL (the tree, kept, makes it one request more).
    const first = firstDocument(shell.pages);
    return { shell, read: first ? { redirect: appPath(first.urls.app) } : { empty: true } };
  }, [spaceId, pagePath]);

  const redirect = load.data && "redirect" in load.data.read ? load.data.read.redirect : undefined;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  const shell = load.data?.shell ?? (kept.current?.space.id === spaceId ? kept.current : undefined);
  const space = shell?.space;
  usePlace(space?.organization, space ? { id: space.id, title: space.title } : undefined);

  if (!shell) {
    if (load.state === "failed") return <FailedView title="Space" error={load.error} onRetry={load.reload} />;
    return <Loading label="Loading the space…" />;
  }
  const current = pagePath ?? firstDocument(shell.pages)?.path;
  const read = load.data?.read;
  const shown = read && "page" in read ? read.page : undefined;
  const outline = shown ? outlineOf(shown) : [];
  return (
    <div class="space">
      <SpaceBar
        space={shell.space}
        onContentChanged={() => {
          // An import wrote pages (or a change request): the space and its tree are read again.
          kept.current = undefined;
          load.reload();
        }}
      />
      <div class={`space-layout${outline.length ? " with-outline" : ""}`}>
        <PageTree
          spaceId={shell.space.id}
          organizationId={shell.space.organization}
          pages={shell.pages}
          current={current}
        />
        <div class="space-page">
          {load.state === "failed" ? (
            <ErrorBox error={load.error} onRetry={load.reload} />
          ) : !read || "redirect" in read ? (
            <Loading label="Loading the page…" />
          ) : "error" in read ? (
            <View title={shell.space.title}>
              <ErrorBox error={read.error} onRetry={refused(read.error) ? undefined : load.reload} />
            </View>
          ) : "empty" in read ? (
            <View title={shell.space.title}>
              <p class="hint">This space has no pages yet.</p>
            </View>
          ) : (
            <PageView page={read.page} />
          )}
        </div>
        {outline.length ? <PageOutline entries={outline} /> : null}
      </div>
    </div>
  );
}

/** A page read: a document's body, or the pages under a group. */
function PageView(props: { page: RenderedPage | RevisionPage }) {
  const { page } = props;
  if (page.type === "document") {
    return (
      <View title={page.title}>
        <PageBody page={page as RenderedPage} />
      </View>
    );
  }
  // A group (or a link page read by its path): the document pages under it.
  const children = ("pages" in page ? page.pages : []).filter((child) => child.type === "document");
  return (
    <View title={page.title}>
      {children.length ? (
        <ul>
          {children.map((child) => (
            <li key={child.id}>
              <a href={appPath(child.urls.app)}>{child.title}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">No pages here.</p>
      )}
    </View>
  );
}

/** The space's name and the actions the person's role allows. */
function SpaceBar(props: { space: Space; onContentChanged(): void }) {
  const { space } = props;
  const [creating, setCreating] = useState(false);
  const home = `/s/${seg(space.id)}`;
  const emoji = emojiText(space.emoji);
  return (
    <div class="space-bar">
      <a class="space-name" href={home}>
        {emoji ? (
          <span class="space-emoji" aria-hidden="true">
            {emoji}
          </span>
        ) : null}
        {space.title}
      </a>
      <div class="actions">
        {space.permissions.view ? (
          <>
            <a class="button secondary" href={`${home}/~/changes`}>
              Change requests ({space.changeRequestsOpen})
            </a>
            <a class="button secondary" href={`${home}/~/comments`}>
              Comments
            </a>
          </>
        ) : null}
        {space.urls.published ? (
          <a class="button secondary" href={space.urls.published}>
            Open published site
          </a>
        ) : null}
        <PdfExport space={space} />
        <ImportAction space={space} onImported={props.onContentChanged} />
        {space.permissions.edit ? (
          <button type="button" onClick={() => setCreating(true)}>
            New change request
          </button>
        ) : null}
      </div>
      {space.permissions.edit ? (
        <PromptDialog
          title="New change request"
          label="Subject"
          submit="Create change request"
          maxLength={100}
          open={creating}
          onClose={() => setCreating(false)}
          onSubmit={async (subject) => {
            const created = await api<ChangeRequest>("POST", `/v1/spaces/${seg(space.id)}/change-requests`, {
              subject,
            });
            navigate(`${home}/~/changes/${seg(String(created.number))}`);
          }}
        />
      ) : null}
    </div>
  );
}
