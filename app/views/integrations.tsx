// `/integrations/:name` (an integration's urls.app) and `/o/:org/integrations/:name` (its installation in an
// organization): what the integration is and asks for, and, for the organization, whether it is installed, where,
// and Uninstall for those who may.
import type { Integration, IntegrationInstallation } from "@gitbook/api";
import { useState } from "preact/hooks";
import { api } from "../api";
import { useLoad } from "../shell/load";
import { type List, seg, usePlace, useSession } from "../shell/session";
import { Dialog, ErrorBox, FormButtons, Loaded, useAction, View, When } from "../shell/ui";

function About(props: { integration: Integration }) {
  const { integration } = props;
  return (
    <>
      {integration.description ? <p>{integration.description}</p> : null}
      {integration.summary ? <p class="hint">{integration.summary}</p> : null}
      <h2>What it may do</h2>
      {integration.scopes.length ? (
        <ul>
          {integration.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">It asks for no access to content.</p>
      )}
    </>
  );
}

export function IntegrationView(props: { name: string }) {
  usePlace(undefined);
  const session = useSession();
  const load = useLoad(() => api<Integration>("GET", `/v1/integrations/${seg(props.name)}`), [props.name]);
  if (!load.data)
    return (
      <Loaded load={load} failedTitle="Integration" label="Loading the integration…">
        {() => null}
      </Loaded>
    );
  const integration = load.data;
  return (
    <View title={integration.title}>
      <About integration={integration} />
      <h2>In your organizations</h2>
      <ul class="rows">
        {session.organizations.map((org) => (
          <li key={org.id}>
            <a href={`/o/${seg(org.id)}/integrations/${seg(integration.name)}`}>{org.title}</a>
          </li>
        ))}
      </ul>
    </View>
  );
}

interface Installed {
  installation: IntegrationInstallation;
  integration: Integration;
}

export function InstallationView(props: { organizationId: string; name: string }) {
  usePlace(props.organizationId);
  const session = useSession();
  const organization = session.organizations.find((org) => org.id === props.organizationId);
  const load = useLoad(
    () =>
      Promise.all([
        api<Integration>("GET", `/v1/integrations/${seg(props.name)}`),
        api<List<Installed>>(
          "GET",
          `/v1/orgs/${seg(props.organizationId)}/installations?search=${encodeURIComponent(props.name)}&limit=100`,
        ),
      ]),
    [props.organizationId, props.name],
  );
  const [confirming, setConfirming] = useState(false);
  const uninstall = useAction();
  if (!load.data)
    return (
      <Loaded load={load} failedTitle="Integration" label="Loading the installation…">
        {() => null}
      </Loaded>
    );
  const [integration, installed] = load.data;
  const installation = installed.items.find((item) => item.integration.name === integration.name)?.installation;
  return (
    <View title={`${integration.title}${organization ? ` in ${organization.title}` : ""}`}>
      <About integration={integration} />
      <h2>Installation</h2>
      {installation ? (
        <>
          <p>
            Installed <When iso={installation.createdAt} />, status <span class="badge">{installation.status}</span>,{" "}
            {installation.space_selection === "all" ? "on every space" : `on ${installation.spaces} selected spaces`}.
          </p>
          {organization?.permissions.installIntegration ? (
            <button type="button" class="danger" onClick={() => setConfirming(true)}>
              Uninstall
            </button>
          ) : null}
          <Dialog title="Uninstall the integration" open={confirming} onClose={() => setConfirming(false)}>
            <form
              onSubmit={async (event) => {
                event.preventDefault();
                const done = await uninstall.run(() =>
                  api("DELETE", `/v1/integrations/${seg(integration.name)}/installations/${seg(installation.id)}`),
                );
                if (done) {
                  setConfirming(false);
                  load.reload();
                }
              }}
            >
              <p>
                Uninstall {integration.title} from {organization?.title ?? "this organization"}? It loses its access and
                its configuration.
              </p>
              <ErrorBox error={uninstall.error} />
              <FormButtons busy={uninstall.busy} submit="Uninstall" onCancel={() => setConfirming(false)} />
            </form>
          </Dialog>
        </>
      ) : (
        <p>Not installed in this organization.</p>
      )}
      <p>
        <a href={`/integrations/${seg(integration.name)}`}>About {integration.title}</a>
      </p>
    </View>
  );
}
