// Which view each app URL opens: the paths the API's `urls.app` point at (src/presenters) and the app's own
// sections. A view checks nothing itself: it asks the API, which answers 403/404 as it would anyone.
import type { VNode } from "preact";
import { ChangeRequestView } from "./views/changes/change-request";
import { OrganizationChangeRequests, SpaceChangeRequests } from "./views/changes/lists";
import { Home } from "./views/home";
import { InstallationView, IntegrationView } from "./views/integrations";
import { NotFound } from "./views/not-found";
import { CollectionView } from "./views/org/collection";
import { Members } from "./views/org/members";
import { OpenAPISpecView } from "./views/org/openapi-spec";
import { OrganizationHome } from "./views/org/home";
import { Sites, SiteView } from "./views/org/sites";
import { SpaceComments } from "./views/space/comments";
import { SpaceView } from "./views/space/space";
import { type AppPath, type Params, route } from "./paths";

/** The view of each of the app's paths (app/paths.ts lists them, and the server serves the app for them). */
const VIEWS: Record<AppPath, (params: Params, query: URLSearchParams) => VNode> = {
  "/": () => <Home />,
  "/o/:org": (p) => <OrganizationHome organizationId={p.org!} />,
  "/o/:org/c/:collection": (p) => <CollectionView organizationId={p.org!} collectionId={p.collection!} />,
  "/o/:org/s/:space": (p) => <SpaceView spaceId={p.space!} />,
  "/o/:org/changes": (p, q) => <OrganizationChangeRequests organizationId={p.org!} status={q.get("status")} />,
  "/o/:org/members": (p) => <Members organizationId={p.org!} />,
  "/o/:org/sites": (p) => <Sites organizationId={p.org!} />,
  "/o/:org/sites/:site": (p) => <SiteView organizationId={p.org!} siteId={p.site!} />,
  "/o/:org/openapi/:slug": (p) => <OpenAPISpecView organizationId={p.org!} slug={p.slug!} />,
  "/o/:org/integrations/:name": (p) => <InstallationView organizationId={p.org!} name={p.name!} />,
  "/integrations/:name": (p) => <IntegrationView name={p.name!} />,
  "/s/:space": (p) => <SpaceView spaceId={p.space!} />,
  "/s/:space/~/changes": (p, q) => <SpaceChangeRequests spaceId={p.space!} status={q.get("status")} />,
  "/s/:space/~/changes/:number": (p) => <ChangeRequestView spaceId={p.space!} number={p.number!} />,
  "/s/:space/~/comments": (p) => <SpaceComments spaceId={p.space!} />,
  "/s/:space/*": (p) => <SpaceView spaceId={p.space!} pagePath={p.rest!} />,
};

export function renderRoute(path: string, query: URLSearchParams): VNode {
  const found = route(path);
  return found ? VIEWS[found.pattern](found.params, query) : <NotFound />;
}
