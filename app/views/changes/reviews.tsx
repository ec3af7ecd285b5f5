// A change request's reviews: who was asked (requested reviewers, asked for from the organization's members),
// the reviews given (approved, changes requested), and the form to give one.
import type { OrganizationMember, Space } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg, useSession } from "../../shell/session";
import { Dialog, ErrorBox, Loaded, useAction, When } from "../../shell/ui";
import { type ChangeRequest, type Comment, changeRequestApi, type RequestedReviewer, type Review } from "./model";

interface Props {
  space: Space;
  cr: ChangeRequest;
  reviews: Review[];
  requested: RequestedReviewer[];
  setReviews(update: (reviews: Review[]) => Review[]): void;
  setRequested(update: (requested: RequestedReviewer[]) => RequestedReviewer[]): void;
  /** A review's comment is a change-request comment too: it joins the conversation. */
  addComment(comment: Comment): void;
}

const REVIEW_LABEL = { approved: "Approved", "changes-requested": "Changes requested" } as const;

/** The organization's members (loaded when the dialog opens), to pick reviewers from. */
function RequestReviewForm(props: Props & { onDone(): void }) {
  const load = useLoad(
    () => listAll<OrganizationMember>(`/v1/orgs/${seg(props.space.organization)}/members`),
    [props.space.organization],
  );
  return (
    <Loaded load={load} label="Loading members…">
      {(members) => <MemberPicker {...props} members={members} />}
    </Loaded>
  );
}

function MemberPicker(props: Props & { members: OrganizationMember[]; onDone(): void }) {
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const action = useAction();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const asked = new Set(props.requested.map((r) => r.user.id));
  // The API's refusal names users by id: say who they are.
  const message = action.error instanceof Error ? action.error.message : "";
  const refused = props.members.filter((m) => message.includes(m.user.id)).map((m) => m.user.displayName);
  const words = filter.trim().toLowerCase();
  const candidates = props.members.filter(
    (m) =>
      !m.disabled &&
      !asked.has(m.user.id) &&
      (!words || `${m.user.displayName} ${m.user.email ?? ""}`.toLowerCase().includes(words)),
  );
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const done = await action.run(async () => {
          const answer = await api<{ users?: RequestedReviewer[] }>(
            "POST",
            `${changeRequestApi(props.space.id, props.cr.id)}/requested-reviewers`,
            { users: [...chosen] },
          );
          const added = answer.users ?? [];
          props.setRequested((previous) => [
            ...previous,
            ...added.filter((r) => !previous.some((p) => p.user.id === r.user.id)),
          ]);
        });
        if (done) props.onDone();
      }}
    >
      <div class="field">
        <label for="reviewer-filter">Find a member</label>
        <input
          id="reviewer-filter"
          ref={field}
          type="search"
          value={filter}
          onInput={(event) => setFilter((event.target as HTMLInputElement).value)}
        />
      </div>
      <fieldset class="cr-people">
        <legend>Members who can be asked</legend>
        {candidates.length === 0 ? <p class="hint">No member matches.</p> : null}
        {candidates.slice(0, 200).map((m) => (
          <label key={m.user.id}>
            <input
              type="checkbox"
              checked={chosen.has(m.user.id)}
              onChange={(event) => {
                const on = (event.target as HTMLInputElement).checked;
                setChosen((previous) => {
                  const next = new Set(previous);
                  if (on) next.add(m.user.id);
                  else next.delete(m.user.id);
                  return next;
                });
              }}
            />{" "}
            {m.user.displayName} {m.user.email ? <span class="hint">{m.user.email}</span> : null}
          </label>
        ))}
        {candidates.length > 200 ? <p class="hint">Showing 200 of {candidates.length}: narrow the search.</p> : null}
      </fieldset>
      <ErrorBox error={action.error} />
      {refused.length ? <p class="hint">That is: {refused.join(", ")}.</p> : null}
      <div class="buttons">
        <button type="submit" disabled={action.busy || chosen.size === 0 || chosen.size > 50} aria-busy={action.busy}>
          {chosen.size > 1 ? `Request ${chosen.size} reviews` : "Request review"}
        </button>
        <button type="button" class="secondary" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RequestedReviewers(props: Props) {
  const [open, setOpen] = useState(false);
  const remove = useAction();
  const canAsk = props.space.permissions.edit && props.cr.status !== "merged" && props.cr.status !== "archived";
  return (
    <>
      <h3>Requested reviewers</h3>
      {props.requested.length === 0 ? <p class="hint">No one has been asked.</p> : null}
      <ul class="rows">
        {props.requested.map((r) => (
          <li key={r.user.id}>
            <span>
              {r.user.displayName}{" "}
              <span class="hint">
                asked by {r.requestedBy.displayName} <When iso={r.createdAt} />
              </span>
            </span>
            {props.space.permissions.edit ? (
              <button
                type="button"
                class="secondary"
                disabled={remove.busy}
                aria-label={`Remove ${r.user.displayName} from the reviewers`}
                onClick={() =>
                  remove.run(async () => {
                    await api(
                      "DELETE",
                      `${changeRequestApi(props.space.id, props.cr.id)}/requested-reviewers/${seg(r.user.id)}`,
                    );
                    props.setRequested((previous) => previous.filter((p) => p.user.id !== r.user.id));
                  })
                }
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorBox error={remove.error} />
      {canAsk ? (
        <button type="button" class="secondary" onClick={() => setOpen(true)}>
          Request review
        </button>
      ) : null}
      <Dialog title="Request review" open={open} onClose={() => setOpen(false)}>
        <RequestReviewForm {...props} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function SubmitReview(props: Props) {
  const session = useSession();
  const isAuthor = props.cr.createdBy.id === session.user.id;
  const [status, setStatus] = useState<Review["status"]>(isAuthor ? "changes-requested" : "approved");
  const [comment, setComment] = useState("");
  const action = useAction();
  return (
    <form
      class="cr-review-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const text = comment.trim();
        const done = await action.run(async () => {
          const review = await api<Review>("POST", `${changeRequestApi(props.space.id, props.cr.id)}/reviews`, {
            status,
            ...(text ? { comment: { markdown: text } } : {}),
          });
          props.setReviews((previous) => [...previous, review]);
          props.setRequested((previous) => previous.filter((r) => r.user.id !== review.reviewer.id));
          if (review.comment) props.addComment(review.comment);
        });
        if (done) setComment("");
      }}
    >
      <fieldset>
        <legend>Your review</legend>
        {isAuthor ? null : (
          <label>
            <input
              type="radio"
              name="review-status"
              checked={status === "approved"}
              onChange={() => setStatus("approved")}
            />{" "}
            Approve
          </label>
        )}
        <label>
          <input
            type="radio"
            name="review-status"
            checked={status === "changes-requested"}
            onChange={() => setStatus("changes-requested")}
          />{" "}
          Request changes
        </label>
        {isAuthor ? <p class="hint">You opened this change request: you cannot approve it.</p> : null}
      </fieldset>
      <div class="field">
        <label for="review-comment">Comment (optional)</label>
        <textarea
          id="review-comment"
          value={comment}
          maxLength={100000}
          onInput={(event) => setComment((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <ErrorBox error={action.error} />
      <button type="submit" disabled={action.busy} aria-busy={action.busy}>
        Submit review
      </button>
    </form>
  );
}

export function Reviews(props: Props) {
  const canReview = props.space.permissions.review && (props.cr.status === "open" || props.cr.status === "draft");
  return (
    <section aria-labelledby="reviews-title" class="cr-reviews">
      <h2 id="reviews-title">Reviews</h2>
      <RequestedReviewers {...props} />
      <h3>Reviews given</h3>
      {props.reviews.length === 0 ? <p class="hint">No reviews yet.</p> : null}
      <ul class="rows">
        {props.reviews.map((review) => (
          <li key={review.id}>
            <div>
              <strong>{review.reviewer.displayName}</strong>{" "}
              <span class="hint">
                <When iso={review.createdAt} />
                {review.outdated ? " · on an earlier revision" : ""}
              </span>
              {review.comment?.body.markdown ? <p class="cr-text">{review.comment.body.markdown}</p> : null}
            </div>
            <span class={`badge ${review.status === "approved" ? "open" : "removed"}`}>
              {REVIEW_LABEL[review.status]}
            </span>
          </li>
        ))}
      </ul>
      {canReview ? <SubmitReview {...props} /> : null}
    </section>
  );
}
