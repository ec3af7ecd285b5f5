// A change request's conversation: its comments (oldest first), each with its replies (loaded when the reader
// opens the thread: the list answers only their count), replying, resolving, editing and deleting as each
// comment's `permissions` and the space's `comment` permission allow, and a new comment.
// Bodies are markdown, shown as text. Quire's comment bodies have no mentions (no mention nodes or syntax).
import type { Space } from "@gitbook/api";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { listAll, seg } from "../../shell/session";
import { ErrorBox, useAction, When } from "../../shell/ui";
import { type ChangeRequest, type Comment, type CommentReply, changeRequestApi, useFocusOnMount } from "./model";

/** A labelled text area and its submit button; `onSubmit` answers whether it succeeded (the form then empties). */
function TextForm(props: {
  id: string;
  label: string;
  submit: string;
  initial?: string;
  focus?: boolean;
  onSubmit(text: string): Promise<boolean>;
  onCancel?(): void;
}) {
  const [text, setText] = useState(props.initial ?? "");
  const [busy, setBusy] = useState(false);
  const field = useFocusOnMount<HTMLTextAreaElement>(props.focus === true);
  return (
    <form
      class="cr-text-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!text.trim() || busy) return;
        setBusy(true);
        const done = await props.onSubmit(text.trim());
        setBusy(false);
        if (done) setText("");
      }}
    >
      <div class="field">
        <label for={props.id}>{props.label}</label>
        <textarea
          id={props.id}
          value={text}
          required
          maxLength={100000}
          ref={field}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <div class="buttons">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {props.submit}
        </button>
        {props.onCancel ? (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A comment or a reply: who and when, its text, and editing and deleting when its permissions allow. */
function Post<T extends Comment | CommentReply>(props: {
  item: T;
  path: string;
  onSaved(item: T): void;
  onDeleted(): void;
  badges?: ComponentChildren;
  actions?: ComponentChildren;
}) {
  const { item } = props;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
  }, [confirming]);
  const action = useAction();
  const kind = item.object === "comment" ? "comment" : "reply";
  return (
    <article class="cr-post" aria-label={`${kind} by ${item.postedBy.displayName}`}>
      <header>
        <strong>{item.postedBy.displayName}</strong> <When iso={item.postedAt} />
        {item.editedAt ? <span class="hint"> · edited</span> : null} {props.badges}
      </header>
      {editing ? (
        <TextForm
          id={`edit-${item.id}`}
          label={`Edit the ${kind}`}
          submit="Save"
          initial={item.body.markdown ?? ""}
          focus
          onCancel={() => setEditing(false)}
          onSubmit={async (markdown) => {
            const done = await action.run(async () =>
              props.onSaved(await api<T>("PUT", props.path, { body: { markdown } })),
            );
            if (done) setEditing(false);
            return done;
          }}
        />
      ) : (
        <p class="cr-text">{item.body.markdown}</p>
      )}
      <ErrorBox error={action.error} />
      <div class="actions">
        {props.actions}
        {item.permissions.edit && !editing ? (
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
        ) : null}
        {item.permissions.delete ? (
          confirming ? (
            <>
              <button
                type="button"
                class="danger"
                ref={confirm}
                disabled={action.busy}
                onClick={() =>
                  action.run(async () => {
                    await api("DELETE", props.path);
                    props.onDeleted();
                  })
                }
              >
                Delete this {kind}
              </button>
              <button type="button" class="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" class="secondary" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )
        ) : null}
      </div>
    </article>
  );
}

function Thread(props: { space: Space; base: string; comment: Comment; setComment(comment?: Comment): void }) {
  const { comment } = props;
  const path = `${props.base}/comments/${seg(comment.id)}`;
  const [replies, setReplies] = useState<CommentReply[] | undefined>(comment.replies === 0 ? [] : undefined);
  const [replying, setReplying] = useState(false);
  const load = useAction();
  const resolve = useAction();
  const post = useAction();
  const canReply = comment.permissions.reply ?? props.space.permissions.comment;
  const resolved = comment.status === "resolved";
  return (
    <li class="card cr-comment">
      <Post<Comment>
        item={comment}
        path={path}
        onSaved={props.setComment}
        onDeleted={() => props.setComment(undefined)}
        badges={
          <>
            {comment.target.review ? <span class="badge">Review</span> : null}
            {comment.target.page ? <span class="hint">on “{comment.target.page.title}”</span> : null}
            {resolved ? <span class="badge">Resolved</span> : null}
          </>
        }
        actions={
          props.space.permissions.comment ? (
            <button
              type="button"
              class="secondary"
              disabled={resolve.busy}
              onClick={() =>
                resolve.run(async () => props.setComment(await api<Comment>("PUT", path, { resolved: !resolved })))
              }
            >
              {resolved ? "Reopen" : "Resolve"}
            </button>
          ) : null
        }
      />
      <ErrorBox error={resolve.error} />
      {replies === undefined ? (
        <button
          type="button"
          class="secondary"
          aria-expanded="false"
          disabled={load.busy}
          aria-busy={load.busy}
          onClick={() =>
            load.run(async () => setReplies(await listAll<CommentReply>(`${path}/replies?format=markdown`)))
          }
        >
          {load.busy ? "Loading replies…" : comment.replies === 1 ? "Show 1 reply" : `Show ${comment.replies} replies`}
        </button>
      ) : (
        <ol class="cr-replies">
          {replies.map((reply) => (
            <li key={reply.id}>
              <Post<CommentReply>
                item={reply}
                path={`${path}/replies/${seg(reply.id)}`}
                onSaved={(saved) => setReplies(replies.map((r) => (r.id === saved.id ? saved : r)))}
                onDeleted={() => {
                  setReplies(replies.filter((r) => r.id !== reply.id));
                  props.setComment({ ...comment, replies: Math.max(0, comment.replies - 1) });
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <ErrorBox error={load.error ?? post.error} />
      {canReply && replies !== undefined ? (
        replying ? (
          <TextForm
            id={`reply-${comment.id}`}
            label="Reply"
            submit="Reply"
            focus
            onCancel={() => setReplying(false)}
            onSubmit={(markdown) =>
              post.run(async () => {
                const reply = await api<CommentReply>("POST", `${path}/replies`, { body: { markdown } });
                setReplies([...(replies ?? []), reply]);
                props.setComment({ ...comment, replies: comment.replies + 1 });
                setReplying(false);
              })
            }
          />
        ) : (
          <button type="button" class="secondary" onClick={() => setReplying(true)}>
            Reply
          </button>
        )
      ) : null}
    </li>
  );
}

export function Conversation(props: {
  space: Space;
  cr: ChangeRequest;
  comments: Comment[];
  setComments(update: (comments: Comment[]) => Comment[]): void;
}) {
  const base = changeRequestApi(props.space.id, props.cr.id);
  const post = useAction();
  return (
    <section aria-labelledby="conversation-title" class="cr-conversation">
      <h2 id="conversation-title">Conversation</h2>
      {props.comments.length === 0 ? <p class="hint">No comments yet.</p> : null}
      <ol class="cr-comments">
        {props.comments.map((comment) => (
          <Thread
            key={comment.id}
            space={props.space}
            base={base}
            comment={comment}
            setComment={(next) =>
              props.setComments((previous) =>
                next ? previous.map((c) => (c.id === next.id ? next : c)) : previous.filter((c) => c.id !== comment.id),
              )
            }
          />
        ))}
      </ol>
      {props.space.permissions.comment ? (
        <>
          <ErrorBox error={post.error} />
          <TextForm
            id="new-comment"
            label="Add a comment"
            submit="Comment"
            onSubmit={(markdown) =>
              post.run(async () => {
                const comment = await api<Comment>("POST", `${base}/comments`, { body: { markdown } });
                props.setComments((previous) => [...previous, comment]);
              })
            }
          />
        </>
      ) : null}
    </section>
  );
}
