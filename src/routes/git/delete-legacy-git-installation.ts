import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteLegacyGitInstallation } from "../../services/git";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/git/legacy-installation",
  operationId: "deleteLegacyGitInstallation",
  tags: ["git"],
  summary:
    "Remove the legacy Git Sync installation from the space to be able to upgrade it to use the new Git integrations",
  description: "Quire never had the legacy installation: always 204 (already removed).",
  request: { params: SpaceParams },
  responses: {
    204: { description: "The legacy Git installation was already removed" },
    205: { description: "The legacy Git installation was successfully removed" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await deleteLegacyGitInstallation(serviceContext(c), c.req.valid("param").spaceId);
  return c.body(null, 204);
};
