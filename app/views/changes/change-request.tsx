// One change request (/s/:space/~/changes/:number): its subject, status, author and base, what it changes (a
// rendered diff), its reviews, its conversation, and the merge. Everything it shows comes in one round trip: every
// change-request operation takes the number where it takes the id (getChangeRequestById and the operations under
// it), so nothing waits for the change request's id.
import type { Space } from "@gitbook/api";
import { useMemo, useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg, usePlace } from "../../shell/session";
import { ErrorBox, Loaded, View, When } from "../../shell/ui";
import { PdfExport } from "../space/pdf-export";
import { Conversation } from "./comments";
import { ChangesDiff } from "./diff";
import { DescriptionEditor, MergeBox, StatusActions, SubjectEditor } from "./merge";
import {
  appPath,
  type ChangeRequest,
  type Comment,
  changeRequestApi,
  changeRequestRead,
  type RequestedReviewer,
  type Review,
  type SemanticChanges,
  StatusBadge,
  useLocal,
} from "./model";
import { Reviews } from "./reviews";

interface Data {
  space: Space;
  cr: ChangeRequest;
  changes: SemanticChanges;
  comments: Comment[];
  reviews: Review[];
  requested: RequestedReviewer[];
}

async function loadChangeRequest(spaceId: string, number: string): Promise<Data> {
  const base = changeRequestApi(spaceId, number);
  const [space, cr, changes, comments, reviews, requested] = await Promise.all([
    api<Space>("GET", `/v1/spaces/${seg(spaceId)}`),
    // `format=markdown` (Quire's extension): the description comes as markdown too, shown and edited as text.
    api<ChangeRequest>("GET", changeRequestRead(spaceId, number)),
    // `content=markdown` (Quire's extension): each page change carries its markdown before and after.
    api<SemanticChanges>("GET", `${base}/changes?content=markdown&limit=1000`),
    listAll<Comment>(`${base}/comments?order=asc&format=markdown`),
    listAll<Review>(`${base}/reviews`),
    listAll<RequestedReviewer>(`${base}/requested-reviewers`),
  ]);
  return { space, cr, changes, comments, reviews, requested };
}

function ChangeRequestPage(props: { data: Data; failure?: unknown; reload(): void }) {
  const { space, changes } = props.data;
  const [cr, setCr] = useLocal(props.data.cr);
  const [comments, setComments] = useLocal(props.data.comments);
  const [reviews, setReviews] = useLocal(props.data.reviews);
  const [requested, setRequested] = useLocal(props.data.requested);
  const [editing, setEditing] = useState(false);
  // Names for the ids a merge conflict reports: the pages and files this change request touches.
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const change of changes.changes) {
      if ("page" in change) map.set(change.page.id, `“${change.page.title}”`);
      if ("file" in change) map.set(change.file.id, `“${change.file.name}”`);
    }
    return map;
  }, [changes]);
  const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
  const shared = { space, cr, setCr };
  return (
    <View title={`${cr.subject || "Untitled change request"} #${cr.number}`}>
      <ErrorBox error={props.failure} onRetry={props.reload} />
      <SubjectEditor key={String(editing)} {...shared} editing={editing} setEditing={setEditing} />
      <p class="cr-meta">
        <StatusBadge status={cr.status} /> <strong>{cr.createdBy.displayName}</strong> opened this change request in{" "}
        <a href={appPath(space.urls.app)}>{space.title}</a> <When iso={cr.createdAt} /> · updated{" "}
        <When iso={cr.updatedAt} />
        <br />
        <span class="hint">
          Based on revision <code>{base}</code>
          {cr.outdated ? " (the space has changed since)" : ""} ·{" "}
          <a href={`/s/${seg(space.id)}/~/changes`}>All change requests</a>
        </span>
      </p>
      <DescriptionEditor {...shared} />
      {editing ? null : <StatusActions {...shared} onEditSubject={() => setEditing(true)} />}
      <PdfExport space={space} changeRequest={cr.id} />
      <div class="cr-layout">
        <div class="cr-main">
          <section aria-labelledby="changes-title">
            <h2 id="changes-title">Changes</h2>
            <ChangesDiff changes={changes} />
          </section>
          <Conversation space={space} cr={cr} comments={comments} setComments={setComments} />
          <MergeBox {...shared} titles={titles} onUpdated={props.reload} />
        </div>
        <aside class="cr-side" aria-label="Reviews">
          <Reviews
            space={space}
            cr={cr}
            reviews={reviews}
            requested={requested}
            setReviews={setReviews}
            setRequested={setRequested}
            addComment={(comment) => setComments((previous) => [...previous, comment])}
          />
        </aside>
      </div>
    </View>
  );
}

export function ChangeRequestView(props: { spaceId: string; number: string }) {
  const load = useLoad(() => loadChangeRequest(props.spaceId, props.number), [props.spaceId, props.number]);
  const space = load.data?.space;
  usePlace(space?.organization, space);
  if (!load.data)
    return (
      <View title={`Change request #${props.number}`}>
        <Loaded load={load} label="Loading the change request…">
          {() => null}
        </Loaded>
      </View>
    );
  return (
    <ChangeRequestPage
      data={load.data}
      failure={load.state === "failed" ? load.error : undefined}
      reload={load.reload}
    />
  );
}
