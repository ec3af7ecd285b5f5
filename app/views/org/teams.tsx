// The members view's teams: the organization's teams; admins create and delete them; a team's members are read
// when its dialog opens (a person's step, not the navigation), and its admins add and remove them there.
import type { OrganizationMember, OrganizationTeam, OrganizationTeamMember } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { listAll, seg } from "../../shell/session";
import { Dialog, ErrorBox, Loaded, useAction } from "../../shell/ui";
import { ConfirmDialog, Status } from "./common";

export function Teams(props: {
  organizationId: string;
  teams: OrganizationTeam[];
  members: OrganizationMember[];
  admin: boolean;
  reload(): void;
}) {
  const base = `/v1/orgs/${seg(props.organizationId)}/teams`;
  const [title, setTitle] = useState("");
  const create = useAction();
  const [message, setMessage] = useState("");
  const [deleting, setDeleting] = useState<OrganizationTeam | undefined>(undefined);
  const [viewing, setViewing] = useState<OrganizationTeam | undefined>(undefined);
  return (
    <section aria-labelledby="teams-heading">
      <h2 id="teams-heading" tabIndex={-1}>
        Teams
      </h2>
      <Status>{message}</Status>
      {props.teams.length ? (
        <ul class="rows">
          {props.teams.map((team) => (
            <li key={team.id}>
              <div>
                <strong>{team.title}</strong>{" "}
                <span class="hint">
                  {team.members} {team.members === 1 ? "member" : "members"}
                </span>
              </div>
              <div class="actions">
                <button type="button" class="secondary" onClick={() => setViewing(team)}>
                  Members<span class="visually-hidden"> of {team.title}</span>
                </button>
                {team.permissions.admin ? (
                  <button type="button" class="danger" onClick={() => setDeleting(team)}>
                    Delete<span class="visually-hidden"> team {team.title}</span>
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">No teams yet.</p>
      )}
      {props.admin ? (
        <form
          class="org-inline"
          onSubmit={async (event) => {
            event.preventDefault();
            const name = title.trim();
            if (await create.run(() => api("PUT", base, { title: name }))) {
              setTitle("");
              setMessage(`Created the team “${name}”.`);
              props.reload();
            }
          }}
        >
          <label for="team-title">New team</label>
          <input
            id="team-title"
            value={title}
            required
            maxLength={64}
            onInput={(event) => setTitle((event.target as HTMLInputElement).value)}
          />
          <button type="submit" disabled={create.busy} aria-busy={create.busy}>
            Create team
          </button>
        </form>
      ) : null}
      <ErrorBox error={create.error} />
      <ConfirmDialog
        title="Delete team"
        confirm="Delete team"
        open={deleting !== undefined}
        focusAfter="teams-heading"
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          await api("DELETE", `${base}/${seg(deleting.id)}`);
          setMessage(`Deleted the team “${deleting.title}”.`);
          props.reload();
        }}
      >
        <p>
          Delete the team <strong>{deleting?.title}</strong>? Its members stay in the organization; what the team was
          granted is no longer theirs through it.
        </p>
      </ConfirmDialog>
      <Dialog
        title={viewing ? `Team ${viewing.title}` : "Team"}
        open={viewing !== undefined}
        onClose={() => setViewing(undefined)}
      >
        {viewing ? <TeamMembers team={viewing} base={base} members={props.members} onChanged={props.reload} /> : null}
      </Dialog>
    </section>
  );
}

function TeamMembers(props: {
  team: OrganizationTeam;
  base: string;
  members: OrganizationMember[];
  onChanged(): void;
}) {
  const path = `${props.base}/${seg(props.team.id)}/members`;
  const load = useLoad(() => listAll<OrganizationTeamMember>(path), [path]);
  const action = useAction();
  const [adding, setAdding] = useState("");
  const [message, setMessage] = useState("");
  const admin = props.team.permissions.admin;
  const change = async (work: () => Promise<unknown>, text: string) => {
    if (await action.run(work)) {
      setMessage(text);
      load.reload();
      props.onChanged();
    }
  };
  return (
    <Loaded load={load} label="Loading the team's members…">
      {(items) => {
        const inTeam = new Set(items.map((item) => item.organization.user.id));
        const others = props.members.filter((m) => !inTeam.has(m.user.id));
        return (
          <>
            <Status>{message}</Status>
            {items.length ? (
              <ul class="rows">
                {items.map((item) => (
                  <li key={item.organization.user.id}>
                    <span>
                      {item.organization.user.displayName}{" "}
                      {item.team.role === "owner" ? <span class="badge">owner</span> : null}
                    </span>
                    {admin ? (
                      <button
                        type="button"
                        class="danger"
                        disabled={action.busy}
                        onClick={() =>
                          change(
                            () => api("DELETE", `${path}/${seg(item.organization.user.id)}`),
                            `Removed ${item.organization.user.displayName} from the team.`,
                          )
                        }
                      >
                        Remove<span class="visually-hidden"> {item.organization.user.displayName}</span>
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p class="hint">This team has no members.</p>
            )}
            {admin && others.length ? (
              <form
                class="org-inline"
                onSubmit={(event) => {
                  event.preventDefault();
                  const who = others.find((m) => m.user.id === adding) ?? others[0]!;
                  change(
                    () => api("PUT", `${path}/${seg(who.user.id)}`, {}),
                    `Added ${who.user.displayName} to the team.`,
                  );
                }}
              >
                <label for="team-add">Add a member</label>
                <select
                  id="team-add"
                  value={adding || others[0]!.user.id}
                  onChange={(event) => setAdding((event.target as HTMLSelectElement).value)}
                >
                  {others.map((m) => (
                    <option key={m.user.id} value={m.user.id}>
                      {m.user.displayName}
                      {m.user.email ? ` (${m.user.email})` : ""}
                    </option>
                  ))}
                </select>
                <button type="submit" disabled={action.busy} aria-busy={action.busy}>
                  Add
                </button>
              </form>
            ) : null}
            <ErrorBox error={action.error} />
          </>
        );
      }}
    </Loaded>
  );
}
