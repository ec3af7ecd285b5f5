// `/`: the organizations the person belongs to; with exactly one, straight to it.
import { useEffect } from "preact/hooks";
import { navigate } from "../shell/router";
import { seg, usePlace, useSession } from "../shell/session";
import { View } from "../shell/ui";

export function Home() {
  const session = useSession();
  usePlace(undefined);
  const only = session.organizations.length === 1 ? session.organizations[0] : undefined;
  useEffect(() => {
    if (only) navigate(`/o/${seg(only.id)}`, { replace: true });
  }, [only?.id]);
  if (only) return null;
  return (
    <View title="Your organizations">
      {session.organizations.length === 0 ? (
        <p>
          You are not a member of any organization yet. Ask an admin for an invite link, or create an organization with
          the API (<a href="/reference">reference</a>).
        </p>
      ) : (
        <ul class="rows">
          {session.organizations.map((org) => (
            <li key={org.id}>
              <a href={`/o/${seg(org.id)}`}>{org.title}</a>
            </li>
          ))}
        </ul>
      )}
    </View>
  );
}
