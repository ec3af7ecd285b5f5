import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { exportToGitRepository } from "../../services/git";
import { SpaceParams } from "../../wire/params";
import { ExportToGitRepositoryBody } from "../../wire/git";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/git/export",
  operationId: "exportToGitRepository",
  tags: ["git"],
  summary: "Export the to a Git repository",
  description:
    "Queues a job that commits the space's content (markdown pages, SUMMARY.md, .gitbook.yaml, assets) on top of `ref` with `commitMessage` and pushes it. `getSpaceGitInfo` shows the outcome.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: ExportToGitRepositoryBody } } },
  },
  responses: { 204: { description: "Operation to export the space has been started." } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await exportToGitRepository(serviceContext(c), c.req.valid("param").spaceId, c.req.valid("json"));
  return c.body(null, 204);
};
