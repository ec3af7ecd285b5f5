// A change request's conversation: its comments (oldest first), each with its replies (loaded when the reader
// opens the thread: the list answers only their count), replying, resolving, editing and deleting as each
// comment's `permissions` and the space's `comment` permission allow, and a new comment.
// Bodies are markdown, shown as text; a mention (`[@Name](mention:user/<id>)`, GitBook's mention node in the
// API's document form) shows as a highlighted "@Name", and the text forms can insert one for a member.
import type { OrganizationMember, Space } from "@gitbook/api";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg } from "../../shell/session";
import { Dialog, ErrorBox, Loaded, useAction, When } from "../../shell/ui";
import { type ChangeRequest, type Comment, type CommentReply, changeRequestApi, useFocusOnMount } from "./model";

/** A mention link as the API reads it back as a mention node (the id as the API accepts it: 1–64 of [\w-]). */
const MENTION = /\[@((?:\\.|[^\]\\\n])*)\]\(mention:user\/([\w-]{1,64})\)/g;

/** The markdown of a mention of a member: the name's brackets and backslashes escaped, on one line. */
export function mentionMarkdown(user: { id: string; displayName: string }): string {
  const name =
    user.displayName
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[\\[\]]/g, "\\$&") || "user";
  return `[@${name}](mention:user/${user.id})`;
}

/** A body as text, its mentions as highlighted "@Name" (text nodes only: nothing is read as HTML). */
export function BodyText(props: { markdown: string }) {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of props.markdown.matchAll(MENTION)) {
    if (match.index > last) parts.push(props.markdown.slice(last, match.index));
    parts.push(
      <span class="mention" key={match.index}>
        @{match[1]!.replace(/\\(.)/g, "$1")}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(props.markdown.slice(last));
  return <p class="cr-text">{parts}</p>;
}

/** The organization's members (loaded when the dialog opens) with a filter; choosing one answers it. */
function MentionPicker(props: { org: string; onPick(member: OrganizationMember): void }) {
  const load = useLoad(() => listAll<OrganizationMember>(`/v1/orgs/${seg(props.org)}/members`), [props.org]);
  const [filter, setFilter] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const words = filter.trim().toLowerCase();
  return (
    <>
      <div class="field">
        <label for="mention-filter">Find a member</label>
        <input
          id="mention-filter"
          ref={field}
          type="search"
          value={filter}
          onInput={(event) => setFilter((event.target as HTMLInputElement).value)}
        />
      </div>
      <Loaded load={load} label="Loading members…">
        {(members) => {
          const matching = members.filter(
            (m) => !words || `${m.user.displayName} ${m.user.email ?? ""}`.toLowerCase().includes(words),
          );
          return (
            <>
              {matching.length === 0 ? <p class="hint">No member matches.</p> : null}
              <ul class="rows mention-members">
                {matching.slice(0, 200).map((m) => (
                  <li key={m.user.id}>
                    <button type="button" class="secondary" onClick={() => props.onPick(m)}>
                      {m.user.displayName}
                    </button>{" "}
                    {m.user.email ? <span class="hint">{m.user.email}</span> : null}
                  </li>
                ))}
              </ul>
              {matching.length > 200 ? <p class="hint">Showing 200 of {matching.length}: narrow the search.</p> : null}
            </>
          );
        }}
      </Loaded>
    </>
  );
}

/** A labelled text area and its submit button; `onSubmit` answers whether it succeeded (the form then empties). */
function TextForm(props: {
  id: string;
  label: string;
  submit: string;
  /** The organization whose members can be mentioned. */
  org: string;
  initial?: string;
  focus?: boolean;
  onSubmit(text: string): Promise<boolean>;
  onCancel?(): void;
}) {
  const [text, setText] = useState(props.initial ?? "");
  const [busy, setBusy] = useState(false);
  const [mentioning, setMentioning] = useState(false);
  /** Where the caret goes once the dialog has closed (the text area is inert while it is open). */
  const caret = useRef<number | undefined>(undefined);
  const field = useFocusOnMount<HTMLTextAreaElement>(props.focus === true);
  useEffect(() => {
    const at = caret.current;
    if (mentioning || at === undefined || !field.current) return;
    caret.current = undefined;
    field.current.focus();
    field.current.setSelectionRange(at, at);
  }, [mentioning, text]);
  const insert = (member: OrganizationMember) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    const before = text.slice(0, start);
    const mention = `${before && !/\s$/.test(before) ? " " : ""}${mentionMarkdown(member.user)} `;
    setText(before + mention + text.slice(end));
    caret.current = start + mention.length;
    setMentioning(false);
  };
  // The dialog sits beside the form, not in it: Enter in its filter field must not submit the text.
  return (
    <>
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
          <button type="button" class="secondary" onClick={() => setMentioning(true)}>
            Mention someone
          </button>
          {props.onCancel ? (
            <button type="button" class="secondary" onClick={props.onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      <Dialog title="Mention someone" open={mentioning} onClose={() => setMentioning(false)}>
        <MentionPicker org={props.org} onPick={insert} />
      </Dialog>
    </>
  );
}

/** A comment or a reply: who and when, its text, and editing and deleting when its permissions allow. */
function Post<T extends Comment | CommentReply>(props: {
  item: T;
  path: string;
  org: string;
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
          org={props.org}
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
        <BodyText markdown={item.body.markdown ?? ""} />
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
        org={props.space.organization}
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
                org={props.space.organization}
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
            org={props.space.organization}
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
            org={props.space.organization}
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
