import { createRouter } from "../http/router";
import invites from "./invites";
import members from "./members";
import organizations from "./organizations";
import saml from "./saml";
import system from "./system";
import teams from "./teams";
import tokens from "./tokens";
import users from "./users";

/** Every /v1 area. Each area router declares full paths (relative to /v1) in its route files. */
export const v1 = createRouter()
  .route("/", system)
  .route("/", users)
  .route("/", tokens)
  .route("/", organizations)
  .route("/", members)
  .route("/", teams)
  .route("/", invites)
  .route("/", saml);
