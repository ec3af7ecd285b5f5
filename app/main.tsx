// The app: Quire in a browser, a client of Quire's own public REST API (same origin, the session cookie). It
// loads who is signed in and their organizations once, then renders the view the URL names.
import type { Organization, User } from "@gitbook/api";
import { render } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, api } from "./api";
import { renderRoute } from "./routes";
import { Layout } from "./shell/layout";
import { interceptLinks, useLocation } from "./shell/router";
import { listAll, type Session, SessionContext } from "./shell/session";
import { ErrorBox, Loading } from "./shell/ui";

function signInAndBack() {
  location.replace(`/sign-in?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
}

function App() {
  const { path, query } = useLocation();
  const [user, setUser] = useState<User | undefined>(undefined);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [organizationId, setOrganizationId] = useState<string | undefined>(undefined);
  const [space, setSpace] = useState<{ id: string; title: string } | undefined>(undefined);

  async function start() {
    setFailure(undefined);
    try {
      const [me, orgs] = await Promise.all([api<User>("GET", "/v1/user"), listAll<Organization>("/v1/orgs")]);
      setOrganizations(orgs);
      setUser(me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) signInAndBack();
      else setFailure(error);
    }
  }
  useEffect(() => {
    start();
  }, []);
  // A session that ends while the app is open (revoked, expired) sends the person to sign in on their next step.
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof ApiError && event.reason.status === 401) signInAndBack();
    };
    window.addEventListener("unhandledrejection", onRejection);
    return () => window.removeEventListener("unhandledrejection", onRejection);
  }, []);

  const session = useMemo<Session | undefined>(
    () =>
      user && {
        user,
        organizations,
        organizationId,
        setOrganizationId,
        setSpace,
        reloadOrganizations: async () => setOrganizations(await listAll<Organization>("/v1/orgs")),
      },
    [user, organizations, organizationId],
  );

  if (failure) return <ErrorBox error={failure} onRetry={start} />;
  if (!session) return <Loading label="Loading Quire…" />;
  return (
    <SessionContext.Provider value={session}>
      <Layout path={path} space={space}>
        {renderRoute(path, query)}
      </Layout>
    </SessionContext.Provider>
  );
}

interceptLinks();
const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
