import { createRouter } from "../http/router";
import agents from "./agents";
import ask from "./ask";
import audit from "./audit";
import auth from "./auth";
import changeRequestContent from "./change-request-content";
import changeRequestReviews from "./change-request-reviews";
import changeRequests from "./change-requests";
import collections from "./collections";
import comments from "./comments";
import customHostnames from "./custom-hostnames";
import files from "./files";
import fonts from "./fonts";
import gitSync from "./git";
import imports from "./imports";
import insights from "./insights";
import integrations from "./integrations";
import invites from "./invites";
import memberOidc from "./member-oidc";
import members from "./members";
import openapi from "./openapi";
import organizations from "./organizations";
import permissions from "./permissions";
import revisions from "./revisions";
import saml from "./saml";
import search from "./search";
import siteQuestions from "./site-questions";
import sites from "./sites";
import spaceContent from "./space-content";
import spaces from "./spaces";
import storage from "./storage";
import system from "./system";
import teams from "./teams";
import tokens from "./tokens";
import translations from "./translations";
import urls from "./urls";
import users from "./users";

/** Every /v1 area. Each area router declares full paths (relative to /v1) in its route files. */
export const v1 = createRouter()
  .route("/", system)
  .route("/", users)
  .route("/", tokens)
  .route("/", auth)
  .route("/", organizations)
  .route("/", audit)
  .route("/", members)
  .route("/", teams)
  .route("/", invites)
  .route("/", saml)
  .route("/", memberOidc)
  .route("/", collections)
  .route("/", spaces)
  .route("/", spaceContent)
  .route("/", revisions)
  .route("/", changeRequests)
  .route("/", changeRequestContent)
  .route("/", changeRequestReviews)
  .route("/", comments)
  .route("/", imports)
  .route("/", files)
  .route("/", openapi)
  .route("/", search)
  .route("/", integrations)
  .route("/", translations)
  .route("/", gitSync)
  .route("/", permissions)
  .route("/", sites)
  .route("/", customHostnames)
  .route("/", urls)
  .route("/", fonts)
  .route("/", storage)
  .route("/", agents)
  .route("/", insights)
  .route("/", ask)
  .route("/", siteQuestions);
