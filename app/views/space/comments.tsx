// A space's comments on its pages (its main content; change requests have their own): read, answered, resolved,
// and new ones posted on a page, each as the person's role allows. One round trip: the space (its permissions),
// its comments (each with its replies' count) and its page tree (the pages a new comment can go on).
import type { Comment, RevisionPage, Space } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg, usePlace } from "../../shell/session";
import { ErrorBox, Loaded, useAction, View } from "../../shell/ui";
import { CommentItem } from "./comment-item";
import { documentPages, emojiText } from "./tree";

type Filter = "open" | "resolved" | "all";

export function SpaceComments(props: { spaceId: string }) {
  const base = `/v1/spaces/${seg(props.spaceId)}`;
  const load = useLoad(async () => {
    const [space, comments, tree] = await Promise.all([
      api<Space>("GET", base),
      listAll<Comment>(`${base}/comments?order=desc`),
      api<{ pages: RevisionPage[] }>("GET", `${base}/content/pages`),
    ]);
    return { space, comments, pages: tree.pages };
  }, [props.spaceId]);
  const space = load.data?.space;
  usePlace(space?.organization, space ? { id: space.id, title: space.title } : undefined);

  // The list as the person changes it (replies counted, resolved, new comments first), over what was loaded.
  const [comments, setComments] = useState<Comment[]>([]);
  useEffect(() => setComments(load.data?.comments ?? []), [load.data]);
  const [filter, setFilter] = useState<Filter>("open");
  const replace = (changed: Comment) =>
    setComments((list) => list.map((comment) => (comment.id === changed.id ? changed : comment)));

  return (
    <Loaded load={load} label="Loading comments…" failedTitle="Comments">
      {(data) => {
        const open = comments.filter((comment) => comment.status === "open").length;
        const count: Record<Filter, number> = {
          open,
          resolved: comments.length - open,
          all: comments.length,
        };
        const shown = filter === "all" ? comments : comments.filter((comment) => comment.status === filter);
        const emoji = emojiText(data.space.emoji);
        return (
          <>
            <p class="space-crumb">
              <a href={`/s/${seg(data.space.id)}`}>
                {emoji ? <span aria-hidden="true">{emoji} </span> : null}
                {data.space.title}
              </a>
            </p>
            <View title="Comments">
              {data.space.permissions.comment ? (
                <NewComment
                  base={base}
                  pages={data.pages}
                  onPosted={(comment) => {
                    setComments((list) => [comment, ...list]);
                    if (filter === "resolved") setFilter("open");
                  }}
                />
              ) : null}
              <div class="comment-filter field">
                <label for="comment-filter">Show</label>
                <select
                  id="comment-filter"
                  value={filter}
                  onChange={(event) => setFilter((event.target as HTMLSelectElement).value as Filter)}
                >
                  <option value="open">Open ({count.open})</option>
                  <option value="resolved">Resolved ({count.resolved})</option>
                  <option value="all">All ({count.all})</option>
                </select>
              </div>
              {shown.length ? (
                <ul class="comments">
                  {shown.map((comment) => (
                    <CommentItem
                      key={comment.id}
                      spaceId={data.space.id}
                      comment={comment}
                      canResolve={data.space.permissions.comment}
                      onChange={replace}
                    />
                  ))}
                </ul>
              ) : (
                <p class="hint">
                  {filter === "open"
                    ? "No open comments."
                    : filter === "resolved"
                      ? "No resolved comments."
                      : "No comments yet."}
                </p>
              )}
            </View>
          </>
        );
      }}
    </Loaded>
  );
}

/** A new comment on one of the space's pages. */
function NewComment(props: { base: string; pages: RevisionPage[]; onPosted(comment: Comment): void }) {
  const pages = documentPages(props.pages);
  const action = useAction();
  const [page, setPage] = useState(pages[0]?.id ?? "");
  const [text, setText] = useState("");
  const [posted, setPosted] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  if (!pages.length) return null;
  return (
    <form
      class="card new-comment"
      onSubmit={async (event) => {
        event.preventDefault();
        const markdown = text.trim();
        if (!markdown) {
          field.current?.focus();
          return;
        }
        setPosted("");
        let comment: Comment | undefined;
        const ok = await action.run(async () => {
          comment = await api<Comment>("POST", `${props.base}/comments`, { page, body: { markdown } });
        });
        if (ok && comment) {
          props.onPosted(comment);
          setText("");
          setPosted("Comment posted.");
        }
      }}
    >
      <h2 class="new-comment-title">New comment</h2>
      <div class="field">
        <label for="new-comment-page">Page</label>
        <select
          id="new-comment-page"
          value={page}
          onChange={(event) => setPage((event.target as HTMLSelectElement).value)}
        >
          {pages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.path.split("/").length > 1 ? `${p.title} (${p.path})` : p.title}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="new-comment-body">Comment</label>
        <textarea
          id="new-comment-body"
          ref={field}
          value={text}
          required
          maxLength={100000}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <ErrorBox error={action.error} />
      <div class="buttons">
        <button type="submit" disabled={action.busy} aria-busy={action.busy}>
          Post comment
        </button>
        <output class="hint">{posted}</output>
      </div>
    </form>
  );
}
