// `/o/:org/members`: who belongs to the organization and their role; admins change roles, remove members, manage
// teams and invite people (by email, or with invite links). One round trip: the members, the teams and (admins)
// the invite links, together.
import type { OrganizationMember, OrganizationTeam } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../../api";
import { useLoad } from "../../shell/load";
import { navigate } from "../../shell/router";
import { listAll, seg, usePlace, useSession } from "../../shell/session";
import { Loaded, useAction, View, When, ErrorBox } from "../../shell/ui";
import { ConfirmDialog, RoleOptions, roleLabel, roleValue, Status, useOrganization } from "./common";
import { type InviteLink, Invites } from "./invites";
import { Teams } from "./teams";

export function Members(props: { organizationId: string }) {
  usePlace(props.organizationId);
  const session = useSession();
  const organization = useOrganization(props.organizationId);
  const admin = Boolean(organization?.permissions.admin);
  const base = `/v1/orgs/${seg(props.organizationId)}`;
  const load = useLoad(async () => {
    const [members, teams, links] = await Promise.all([
      listAll<OrganizationMember>(`${base}/members`),
      listAll<OrganizationTeam>(`${base}/teams`),
      admin ? listAll<InviteLink>(`${base}/link-invites`) : Promise.resolve(undefined),
    ]);
    return { members, teams, links };
  }, [props.organizationId, admin]);
  const [removing, setRemoving] = useState<OrganizationMember | undefined>(undefined);
  const [message, setMessage] = useState("");
  const own = removing?.user.id === session.user.id;

  return (
    <View title="Members">
      <Status>{message}</Status>
      <Loaded load={load} label="Loading members…">
        {({ members, teams, links }) => (
          <>
            <section aria-labelledby="members-heading">
              <h2 id="members-heading" tabIndex={-1}>
                {members.length} {members.length === 1 ? "member" : "members"}
              </h2>
              <table class="org-members">
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((member) => (
                    <MemberRow
                      key={member.user.id}
                      member={member}
                      admin={admin}
                      self={member.user.id === session.user.id}
                      base={base}
                      onChanged={(text) => {
                        setMessage(text);
                        load.reload();
                      }}
                      onRemove={() => setRemoving(member)}
                    />
                  ))}
                </tbody>
              </table>
            </section>
            <Teams
              organizationId={props.organizationId}
              teams={teams}
              members={members}
              admin={admin}
              reload={load.reload}
            />
            {admin && links ? (
              <Invites organizationId={props.organizationId} links={links} reload={load.reload} />
            ) : null}
          </>
        )}
      </Loaded>
      <ConfirmDialog
        title={own ? "Leave the organization" : "Remove member"}
        confirm={own ? "Leave" : "Remove"}
        open={removing !== undefined}
        focusAfter="members-heading"
        onClose={() => setRemoving(undefined)}
        onConfirm={async () => {
          if (!removing) return;
          await api("DELETE", `${base}/members/${seg(removing.user.id)}`);
          if (own) {
            await session.reloadOrganizations();
            navigate("/");
            return;
          }
          setMessage(`Removed ${removing.user.displayName} from the organization.`);
          load.reload();
        }}
      >
        {removing ? (
          own ? (
            <p>
              Leave <strong>{organization?.title ?? "this organization"}</strong>? You will lose access to its content
              until someone invites you again.
            </p>
          ) : (
            <p>
              Remove <strong>{removing.user.displayName}</strong> from{" "}
              <strong>{organization?.title ?? "the organization"}</strong>? They lose access to its content (their work
              stays).
            </p>
          )
        ) : null}
      </ConfirmDialog>
    </View>
  );
}

function MemberRow(props: {
  member: OrganizationMember;
  admin: boolean;
  self: boolean;
  base: string;
  onChanged(message: string): void;
  onRemove(): void;
}) {
  const { member } = props;
  const current = member.role ?? "guest";
  const [role, setRole] = useState<string>(current);
  const action = useAction();
  const fieldId = `role-${member.user.id}`;
  return (
    <tr>
      <td>
        <span class="member-name">{member.user.displayName}</span>
        {props.self ? <span class="badge">you</span> : null}
        {member.user.email ? <span class="hint member-email">{member.user.email}</span> : null}
      </td>
      <td>
        {props.admin ? (
          <form
            class="org-inline"
            onSubmit={async (event) => {
              event.preventDefault();
              const done = await action.run(() =>
                api("PATCH", `${props.base}/members/${seg(member.user.id)}`, { role: roleValue(role) }),
              );
              if (done) props.onChanged(`${member.user.displayName}’s role is now ${roleLabel(roleValue(role))}.`);
            }}
          >
            <label for={fieldId} class="visually-hidden">
              Role of {member.user.displayName}
            </label>
            <select id={fieldId} value={role} onChange={(event) => setRole((event.target as HTMLSelectElement).value)}>
              <RoleOptions guest />
            </select>
            <button type="submit" class="secondary" disabled={role === current || action.busy} aria-busy={action.busy}>
              Save<span class="visually-hidden"> role of {member.user.displayName}</span>
            </button>
            <ErrorBox error={action.error} />
          </form>
        ) : (
          roleLabel(member.role)
        )}
      </td>
      <td>
        <When iso={member.joinedAt} />
      </td>
      <td>
        {props.admin || props.self ? (
          <button type="button" class="danger" onClick={props.onRemove}>
            {props.self ? "Leave" : "Remove"}
            {props.self ? null : <span class="visually-hidden"> {member.user.displayName}</span>}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
