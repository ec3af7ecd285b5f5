import { createRouter } from "../../http/router";
import * as getAuthenticatedUser from "./get-authenticated-user";
import * as getUserById from "./get-user-by-id";
import * as updateUserById from "./update-user-by-id";

export default createRouter()
  .openapi(getAuthenticatedUser.route, getAuthenticatedUser.handler)
  .openapi(getUserById.route, getUserById.handler)
  .openapi(updateUserById.route, updateUserById.handler);
