import { createRouter } from "../http/router";
import files from "./files";
import organizations from "./organizations";
import system from "./system";
import tokens from "./tokens";
import users from "./users";

/** Every /v1 area. Each area router declares full paths (relative to /v1) in its route files. */
export const v1 = createRouter()
  .route("/", system)
  .route("/", users)
  .route("/", tokens)
  .route("/", organizations)
  .route("/", files);
