// One handler per installation operation, whatever the target: a space (`…/installations/{id}/spaces…`) or a
// site (`…/installations/{id}/sites…`). Each route file keeps its own `defineRoute`, names its target and its
// presenter (space-installation-items.ts, site-installation-items.ts), and answers with one of these.
import { serviceContext } from "../../http/context";
import type { SharedRouteContext as In } from "../../http/router";
import type { ServiceContext } from "../../services/core";
import {
  getTargetInstallation,
  type InstallationTarget,
  type InstallationTargetKind,
  installOn,
  listInstallationTargets,
  listIntegrationTargetInstallations,
  type TargetInstallationView,
  uninstallFrom,
  updateTargetInstallation,
} from "../../services/integrations";

/** How a route presents its target's installations (`extended`: with the Space or Site the caller sees). */
type Present<K extends InstallationTargetKind, Body> = (
  ctx: ServiceContext,
  views: TargetInstallationView<K>[],
  extended: boolean,
) => Promise<Body[]>;

type OneInstallation = { integrationName: string; installationId: string };
type Extended = { extended: boolean };
type Patch = { externalIds?: string[]; configuration?: Record<string, unknown> };
type ListQuery = { limit: number; page?: string; extended: boolean };

/** 201 with `Location`: the route answers `c.json(body, 201)`. */
export async function installOnTarget<K extends InstallationTargetKind, Body extends { urls: { location: string } }>(
  c: In<{ param: OneInstallation; query: Extended }>,
  target: InstallationTarget<K>,
  present: Present<K, Body>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await installOn(ctx, p.integrationName, p.installationId, target);
  const [body] = await present(ctx, [view], c.req.valid("query").extended);
  c.header("Location", body!.urls.location);
  return body!;
}

export async function getTargetInstallationOf<K extends InstallationTargetKind, Body>(
  c: In<{ param: OneInstallation; query: Extended }>,
  target: InstallationTarget<K>,
  present: Present<K, Body>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getTargetInstallation(ctx, p.integrationName, p.installationId, target);
  return (await present(ctx, [view], c.req.valid("query").extended))[0]!;
}

export async function updateTargetInstallationOf<K extends InstallationTargetKind, Body>(
  c: In<{ param: OneInstallation; query: Extended; json: Patch }>,
  target: InstallationTarget<K>,
  present: Present<K, Body>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await updateTargetInstallation(ctx, p.integrationName, p.installationId, target, c.req.valid("json"));
  return (await present(ctx, [view], c.req.valid("query").extended))[0]!;
}

/** Whether it was installed there (the route answers 205, else 204). */
export function uninstallFromTarget(c: In<{ param: OneInstallation }>, target: InstallationTarget) {
  const p = c.req.valid("param");
  return uninstallFrom(serviceContext(c), p.integrationName, p.installationId, target);
}

/** listIntegrationInstallation{Spaces,Sites}: the targets one organization installation is enabled on. */
export async function listInstallationTargetsOf<K extends InstallationTargetKind, Body>(
  c: In<{ param: OneInstallation; query: ListQuery }>,
  kind: K,
  present: Present<K, Body>,
) {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const q = c.req.valid("query");
  const page = await listInstallationTargets(ctx, p.integrationName, p.installationId, kind, q);
  return { ...page, items: await present(ctx, page.items, q.extended) };
}

/** listIntegration{Space,Site}Installations: the integration's installations of that kind the caller may see. */
export async function listIntegrationTargetInstallationsOf<K extends InstallationTargetKind, Body>(
  c: In<{ param: { integrationName: string }; query: ListQuery & { externalId?: string } }>,
  kind: K,
  present: Present<K, Body>,
) {
  const ctx = serviceContext(c);
  const q = c.req.valid("query");
  const page = await listIntegrationTargetInstallations(ctx, c.req.valid("param").integrationName, kind, q);
  return { ...page, items: await present(ctx, page.items, q.extended) };
}
