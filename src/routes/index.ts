import { createRouter } from "../http/router";
import changeRequestContent from "./change-request-content";
import changeRequests from "./change-requests";
import organizations from "./organizations";
import revisions from "./revisions";
import spaceContent from "./space-content";
import system from "./system";
import tokens from "./tokens";
import users from "./users";

/** Every /v1 area. Each area router declares full paths (relative to /v1) in its route files. */
export const v1 = createRouter()
  .route("/", system)
  .route("/", users)
  .route("/", tokens)
  .route("/", organizations)
  .route("/", spaceContent)
  .route("/", revisions)
  .route("/", changeRequests)
  .route("/", changeRequestContent);
