import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { importGitRepository } from "../../services/git";
import { SpaceParams } from "../../wire/params";
import { ImportGitRepositoryBody } from "../../wire/git";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/git/import",
  operationId: "importGitRepository",
  tags: ["git"],
  summary: "Import a Git repository",
  description:
    "Queues a job that fetches `ref` (shallow, over smart HTTP) and makes the repository's content the space's content as one revision (`standalone`: a revision only). `getSpaceGitInfo` shows the outcome.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: ImportGitRepositoryBody } } },
  },
  responses: { 204: { description: "Operation to import the repository has been started." } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await importGitRepository(serviceContext(c), c.req.valid("param").spaceId, c.req.valid("json"));
  return c.body(null, 204);
};
