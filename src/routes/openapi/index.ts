import { createRouter } from "../../http/router";
import * as createOpenApiSpec from "./create-open-api-spec";
import * as createOrUpdateOpenApiSpecBySlug from "./create-or-update-open-api-spec-by-slug";
import * as deleteOpenApiSpecBySlug from "./delete-open-api-spec-by-slug";
import * as getLatestOpenApiSpecVersion from "./get-latest-open-api-spec-version";
import * as getLatestOpenApiSpecVersionContent from "./get-latest-open-api-spec-version-content";
import * as getLatestOpenApiSpecVersionContentRaw from "./get-latest-open-api-spec-version-content-raw";
import * as getOpenApiSpecBySlug from "./get-open-api-spec-by-slug";
import * as getOpenApiSpecVersionById from "./get-open-api-spec-version-by-id";
import * as getOpenApiSpecVersionContentById from "./get-open-api-spec-version-content-by-id";
import * as listOpenApiSpecVersions from "./list-open-api-spec-versions";
import * as listOpenApiSpecs from "./list-open-api-specs";
import * as updateOpenApiSpecBySlug from "./update-open-api-spec-by-slug";

// `versions/latest` is registered before `versions/{versionId}` so that it is not read as an id.
export default createRouter()
  .openapi(listOpenApiSpecs.route, listOpenApiSpecs.handler)
  .openapi(createOpenApiSpec.route, createOpenApiSpec.handler)
  .openapi(getOpenApiSpecBySlug.route, getOpenApiSpecBySlug.handler)
  .openapi(createOrUpdateOpenApiSpecBySlug.route, createOrUpdateOpenApiSpecBySlug.handler)
  .openapi(updateOpenApiSpecBySlug.route, updateOpenApiSpecBySlug.handler)
  .openapi(deleteOpenApiSpecBySlug.route, deleteOpenApiSpecBySlug.handler)
  .openapi(listOpenApiSpecVersions.route, listOpenApiSpecVersions.handler)
  .openapi(getLatestOpenApiSpecVersion.route, getLatestOpenApiSpecVersion.handler)
  .openapi(getLatestOpenApiSpecVersionContent.route, getLatestOpenApiSpecVersionContent.handler)
  .openapi(getLatestOpenApiSpecVersionContentRaw.route, getLatestOpenApiSpecVersionContentRaw.handler)
  .openapi(getOpenApiSpecVersionById.route, getOpenApiSpecVersionById.handler)
  .openapi(getOpenApiSpecVersionContentById.route, getOpenApiSpecVersionContentById.handler);
