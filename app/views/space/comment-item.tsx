// One comment of a space: who, when, on which page, its text; its replies (loaded when the person opens them:
// the list gives only their count), a reply form, and resolve / reopen, each only when the API allows it.
import type { Comment, CommentReply, Document } from "@gitbook/api";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { listAll, seg } from "../../shell/session";
import { ErrorBox, FormButtons, Loading, useAction, When } from "../../shell/ui";
import { pageHref } from "./tree";

/** A comment body as text: the API answers `{markdown}` by default; it is shown as written, never as HTML. */
export function bodyText(body: Document): string {
  return "markdown" in body && typeof body.markdown === "string" ? body.markdown : "";
}

function Post(props: { author: string; at: string; body: Document; children?: ComponentChildren }) {
  return (
    <>
      <p class="comment-meta">
        <strong>{props.author}</strong> <When iso={props.at} />
        {props.children}
      </p>
      <div class="comment-body">{bodyText(props.body)}</div>
    </>
  );
}

export function CommentItem(props: {
  spaceId: string;
  comment: Comment;
  /** The space's `comment` permission: resolving and reopening need it. */
  canResolve: boolean;
  onChange(comment: Comment): void;
}) {
  const { comment } = props;
  const path = `/v1/spaces/${seg(props.spaceId)}/comments/${seg(comment.id)}`;
  const [replies, setReplies] = useState<CommentReply[] | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const loading = useAction();
  const resolving = useAction();
  const resolved = comment.status === "resolved";
  const page = comment.target.page;
  const repliesId = `replies-${comment.id}`;
  // When the reply form closes (posted or cancelled), the focus goes back to the button that opened it.
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasReplying = useRef(false);
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus();
    wasReplying.current = replying;
  }, [replying]);

  const loadReplies = () =>
    loading.run(async () => {
      setReplies(await listAll<CommentReply>(`${path}/replies`));
    });

  return (
    <li class={`comment card${resolved ? " resolved" : ""}`}>
      <Post author={comment.postedBy.displayName} at={comment.postedAt} body={comment.body}>
        {page ? (
          <>
            {" on "}
            <a href={pageHref(props.spaceId, page.path)}>{page.title}</a>
            {page.outdated ? <span class="badge"> page changed since</span> : null}
          </>
        ) : null}
        {resolved ? <span class="badge merged">resolved</span> : null}
      </Post>
      <div class="buttons comment-actions">
        {comment.replies > 0 ? (
          <button
            type="button"
            class="secondary"
            aria-expanded={open}
            aria-controls={repliesId}
            disabled={loading.busy}
            onClick={() => {
              const next = !open;
              setOpen(next);
              if (next && !replies) loadReplies();
            }}
          >
            {open ? "Hide replies" : comment.replies === 1 ? "Show 1 reply" : `Show ${comment.replies} replies`}
          </button>
        ) : null}
        {comment.permissions.reply && !replying ? (
          <button type="button" class="secondary" ref={replyButton} onClick={() => setReplying(true)}>
            Reply
          </button>
        ) : null}
        {props.canResolve ? (
          <button
            type="button"
            class="secondary"
            disabled={resolving.busy}
            aria-busy={resolving.busy}
            onClick={() =>
              resolving.run(async () => props.onChange(await api<Comment>("PUT", path, { resolved: !resolved })))
            }
          >
            {resolved ? "Reopen" : "Resolve"}
          </button>
        ) : null}
      </div>
      <ErrorBox error={resolving.error} />
      {open ? (
        <div id={repliesId}>
          {loading.error ? (
            <ErrorBox error={loading.error} onRetry={loadReplies} />
          ) : !replies ? (
            <Loading label="Loading replies…" />
          ) : (
            <ol class="replies">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <Post author={reply.postedBy.displayName} at={reply.postedAt} body={reply.body} />
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
      {replying ? (
        <ReplyForm
          path={path}
          author={comment.postedBy.displayName}
          onCancel={() => setReplying(false)}
          onPosted={async (reply) => {
            setReplying(false);
            props.onChange({ ...comment, replies: comment.replies + 1 });
            setOpen(true);
            // The thread as it is now: what was loaded and the new reply, or all of it read afresh.
            if (replies) setReplies([...replies, reply]);
            else if (comment.replies === 0) setReplies([reply]);
            else await loadReplies();
          }}
        />
      ) : null}
    </li>
  );
}

function ReplyForm(props: { path: string; author: string; onCancel(): void; onPosted(reply: CommentReply): void }) {
  const action = useAction();
  const [text, setText] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  const id = `reply-${props.path.replace(/\W+/g, "-")}`;
  return (
    <form
      class="reply-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const markdown = text.trim();
        if (!markdown) {
          field.current?.focus();
          return;
        }
        let posted: CommentReply | undefined;
        const ok = await action.run(async () => {
          posted = await api<CommentReply>("POST", `${props.path}/replies`, { body: { markdown } });
        });
        if (ok && posted) props.onPosted(posted);
      }}
    >
      <div class="field">
        <label for={id}>Reply to {props.author}</label>
        <textarea
          id={id}
          ref={field}
          value={text}
          required
          maxLength={100000}
          // biome-ignore lint/a11y/noAutofocus: the field the person just asked for by pressing Reply
          autoFocus
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <ErrorBox error={action.error} />
      <FormButtons busy={action.busy} submit="Post reply" onCancel={props.onCancel} />
    </form>
  );
}
