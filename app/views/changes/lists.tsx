// The change requests of a space (/s/:space/~/changes) and of an organization (/o/:org/changes), by status
// (?status=open|draft|merged|archived, open by default), most recently updated first, a page at a time.
import type { Space } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { type List, listAll, seg, usePlace, useSession } from "../../shell/session";
import { ErrorBox, Loaded, useAction, View, When } from "../../shell/ui";
import { appPath, type ChangeRequest, STATUS_LABEL, STATUSES, type Status, StatusBadge } from "./model";

const PAGE = 50;

function statusOf(status: string | null): string {
  return status ?? "open";
}

/** The status filter: links that change ?status=, the current one marked. */
function StatusTabs(props: { base: string; status: string; counts?: Partial<Record<Status, number>> }) {
  return (
    <nav aria-label="Status" class="cr-tabs">
      {STATUSES.map((status) => {
        const count = props.counts?.[status];
        return (
          <a
            key={status}
            href={`${props.base}?status=${status}`}
            aria-current={props.status === status ? "page" : undefined}
          >
            {STATUS_LABEL[status]}
            {count !== undefined ? <span class="count">{count}</span> : null}
          </a>
        );
      })}
    </nav>
  );
}

/** One page of the list, and the next ones when the person asks for them. */
function ChangeRequestRows(props: {
  first: List<ChangeRequest>;
  path: string;
  status: string;
  spaceTitle?: (id: string) => string | undefined;
}) {
  const [items, setItems] = useState(props.first.items);
  const [next, setNext] = useState(props.first.next?.page);
  const more = useAction();
  if (items.length === 0)
    return <p class="hint">No {STATUS_LABEL[props.status as Status]?.toLowerCase() ?? ""} change requests.</p>;
  return (
    <>
      <ul class="rows cr-list">
        {items.map((cr) => {
          const space = props.spaceTitle?.(cr.space);
          return (
            <li key={cr.id}>
              <div>
                <a href={appPath(cr.urls.app)} class="cr-subject">
                  {cr.subject || "Untitled change request"}
                </a>{" "}
                <span class="hint">#{cr.number}</span>
                <div class="hint">
                  {space !== undefined ? <>{space} · </> : null}
                  by {cr.createdBy.displayName} · updated <When iso={cr.updatedAt} />
                  {cr.comments ? <> · {cr.comments === 1 ? "1 comment" : `${cr.comments} comments`}</> : null}
                </div>
              </div>
              <StatusBadge status={cr.status} />
            </li>
          );
        })}
      </ul>
      <ErrorBox error={more.error} />
      {next ? (
        <div class="buttons">
          <button
            type="button"
            class="secondary"
            disabled={more.busy}
            aria-busy={more.busy}
            onClick={() =>
              more.run(async () => {
                const page = await api<List<ChangeRequest>>("GET", `${props.path}&page=${seg(next)}`);
                setItems((previous) => [...previous, ...page.items]);
                setNext(page.next?.page);
              })
            }
          >
            {more.busy ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </>
  );
}

export function SpaceChangeRequests(props: { spaceId: string; status: string | null }) {
  const status = statusOf(props.status);
  const path = `/v1/spaces/${seg(props.spaceId)}/change-requests?status=${seg(status)}&limit=${PAGE}`;
  const load = useLoad(
    () => Promise.all([api<Space>("GET", `/v1/spaces/${seg(props.spaceId)}`), api<List<ChangeRequest>>("GET", path)]),
    [path],
  );
  const space = load.data?.[0];
  usePlace(space?.organization, space);
  return (
    <View title={space ? `Change requests · ${space.title}` : "Change requests"}>
      <Loaded load={load}>
        {([space, list]) => (
          <>
            <p>
              <a href={appPath(space.urls.app)}>← {space.title}</a>
            </p>
            <StatusTabs
              base={`/s/${seg(space.id)}/~/changes`}
              status={status}
              counts={{ open: space.changeRequestsOpen, draft: space.changeRequestsDraft }}
            />
            <ChangeRequestRows key={path} first={list} path={path} status={status} />
          </>
        )}
      </Loaded>
    </View>
  );
}

export function OrganizationChangeRequests(props: { organizationId: string; status: string | null }) {
  const session = useSession();
  usePlace(props.organizationId);
  const status = statusOf(props.status);
  const path = `/v1/orgs/${seg(props.organizationId)}/change-requests?status=${seg(status)}&limit=${PAGE}`;
  const load = useLoad(
    () =>
      Promise.all([
        api<List<ChangeRequest>>("GET", path),
        // The spaces' titles, to say where each change request is; the list stands without them.
        listAll<Space>(`/v1/orgs/${seg(props.organizationId)}/spaces`).catch(() => [] as Space[]),
      ]),
    [path],
  );
  const organization = session.organizations.find((org) => org.id === props.organizationId);
  return (
    <View title={organization ? `Change requests · ${organization.title}` : "Change requests"}>
      <StatusTabs base={`/o/${seg(props.organizationId)}/changes`} status={status} />
      <Loaded load={load}>
        {([list, spaces]) => {
          const titles = new Map(spaces.map((space) => [space.id, space.title]));
          return (
            <ChangeRequestRows
              key={path}
              first={list}
              path={path}
              status={status}
              spaceTitle={(id) => titles.get(id) ?? id}
            />
          );
        }}
      </Loaded>
    </View>
  );
}
