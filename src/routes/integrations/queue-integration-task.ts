import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { queueIntegrationTask } from "../../services/integrations";
import { IntegrationParams } from "./schemas";
import { QueueIntegrationTaskBody } from "../../wire/integration-runtime";

export const route = defineRoute({
  method: "post",
  path: "/integrations/{integrationName}/tasks",
  operationId: "queueIntegrationTask",
  tags: ["integrations"],
  summary: "Queue an integration task",
  description:
    'Queues a `task` event (`{type: "task", task}`) for the integration\'s script, delivered after `schedule` ' +
    "seconds. The reference reserves this to integration tokens; until those exist, admins of the integration's " +
    "organization may queue tasks.",
  request: {
    params: IntegrationParams,
    body: { content: { "application/json": { schema: QueueIntegrationTaskBody } } },
  },
  responses: { 204: { description: "Integration task created successfully" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const body = c.req.valid("json");
  await queueIntegrationTask(serviceContext(c), c.req.valid("param").integrationName, body.task, body.schedule);
  return c.body(null, 204);
};
