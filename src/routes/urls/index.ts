import { createRouter } from "../../http/router";
import * as getContentByUrl from "./get-content-by-url";
import * as getPublishedContentByUrl from "./get-published-content-by-url";
import * as resolvePublishedContentByUrl from "./resolve-published-content-by-url";
import * as getEmbedByUrl from "./get-embed-by-url";

export default createRouter()
  .openapi(getContentByUrl.route, getContentByUrl.handler)
  .openapi(getPublishedContentByUrl.route, getPublishedContentByUrl.handler)
  .openapi(resolvePublishedContentByUrl.route, resolvePublishedContentByUrl.handler)
  .openapi(getEmbedByUrl.route, getEmbedByUrl.handler);
