import { createRouter } from "../../http/router";
import * as createApiToken from "./create-api-token";
import * as listApiTokens from "./list-api-tokens";
import * as revokeApiToken from "./revoke-api-token";

export default createRouter()
  .openapi(createApiToken.route, createApiToken.handler)
  .openapi(listApiTokens.route, listApiTokens.handler)
  .openapi(revokeApiToken.route, revokeApiToken.handler);
