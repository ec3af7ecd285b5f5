// The openapi domain's public surface (OpenAPI specs and their processing): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { recordOpenAPISpecJobFailure, runOpenAPISpecJob } from "./openapi-processing";
export {
  createOrUpdateSpec,
  createSpec,
  deleteSpec,
  getSpec,
  getSpecVersion,
  getSpecVersionContent,
  listSpecs,
  listSpecVersions,
  OPENAPI_JOB_KIND,
  updateSpecVisibility,
} from "./openapi-specs";
export type { SpecRow, SpecVersionRow } from "./openapi-specs";
export { getLatestSpecRawContent } from "./spec-raw";
export type { SpecRawContent } from "./spec-raw";
// A spec version's text, as computed pages read it, lives in revisions (below openapi); routes find it here.
export { latestSpecText } from "../revisions";
export type { SpecText } from "../revisions";
