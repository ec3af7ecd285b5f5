import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSession } from "../../presenters/session";
import { listOwnSessions } from "../../services/auth";
import { SessionList } from "../../wire/auth";

export const route = defineRoute({
  method: "get",
  path: "/user/sessions",
  operationId: "listSessions",
  tags: ["users"],
  summary: "List your signed-in sessions (Quire)",
  description: "The app's live sessions of the caller, newest first, the one of this request marked `current`.",
  responses: { 200: json(SessionList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { rows, currentId } = await listOwnSessions(serviceContext(c));
  return c.json({ items: rows.map((row) => presentSession(row, currentId)), count: rows.length }, 200);
};
