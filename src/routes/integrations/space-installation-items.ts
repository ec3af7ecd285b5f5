import type { ServiceContext } from "../../services/core";
import { presentSpace } from "../../presenters/space";
import { presentSpaceInstallation } from "../../presenters/integration";
import type { SpaceInstallationView } from "../../services/integrations";
import { getSpace } from "../../services/spaces";

/** Space installations as the reference presents them: `space` an id, or (`extended`) the Space the caller sees. */
export async function presentSpaceInstallations(
  ctx: ServiceContext,
  views: SpaceInstallationView[],
  extended: boolean,
) {
  const spaces = extended
    ? await Promise.all(
        views.map((view) =>
          getSpace(ctx, view.row.spaceId).then(
            (space) => presentSpace(space, ctx.urls),
            () => undefined,
          ),
        ),
      )
    : [];
  return views.map((view, i) => presentSpaceInstallation(view, ctx.urls, spaces[i]));
}
