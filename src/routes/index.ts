import { createRouter } from "../http/router";
import collections from "./collections";
import organizations from "./organizations";
import spaces from "./spaces";
import system from "./system";
import tokens from "./tokens";
import users from "./users";

/** Every /v1 area. Each area router declares full paths (relative to /v1) in its route files. */
export const v1 = createRouter()
  .route("/", system)
  .route("/", users)
  .route("/", tokens)
  .route("/", organizations)
  .route("/", collections)
  .route("/", spaces);
