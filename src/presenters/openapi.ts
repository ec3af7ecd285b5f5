import type { UrlBases } from "../services/core";
import type { SpecRow, SpecVersionRow } from "../services/openapi";
import { type Access, permissionsObject } from "../services/access";
import type { OpenAPISpec, OpenAPISpecContent, OpenAPISpecVersion } from "../wire/openapi-spec";

const specLocation = (spec: SpecRow, urls: UrlBases) =>
  `${urls.api}/v1/orgs/${spec.organizationId}/openapi/${spec.slug}`;
const versionLocation = (spec: SpecRow, version: SpecVersionRow, urls: UrlBases) =>
  `${specLocation(spec, urls)}/versions/${version.id}`;

/**
 * `urls.published` is left out: Quire does not serve specs publicly (visibility is recorded, not enforced
 * for anonymous readers), so there is no published URL to give.
 */
export function presentSpec(row: SpecRow, access: Access, urls: UrlBases): OpenAPISpec {
  return {
    object: "openapi-spec" as const,
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    slug: row.slug,
    ...(row.sourceUrl ? { sourceURL: row.sourceUrl } : {}),
    processingState: row.processingState,
    visibility: row.visibility,
    ...(row.lastVersionId ? { lastVersion: row.lastVersionId } : {}),
    ...(row.lastProcessedAt ? { lastProcessedAt: new Date(row.lastProcessedAt).toISOString() } : {}),
    ...(row.lastProcessErrorCode ? { lastProcessErrorCode: row.lastProcessErrorCode } : {}),
    permissions: permissionsObject(access, { view: "openapi.view", edit: "openapi.create" }),
    urls: { location: specLocation(row, urls), app: `${urls.app}/o/${row.organizationId}/openapi/${row.slug}` },
  };
}

/** `url`: where the specification is accessible: its source URL, or else its content in this API. */
export function presentSpecVersion(spec: SpecRow, version: SpecVersionRow, urls: UrlBases): OpenAPISpecVersion {
  const location = versionLocation(spec, version, urls);
  return {
    object: "openapi-spec-version" as const,
    id: version.id,
    createdAt: new Date(version.createdAt).toISOString(),
    url: version.sourceUrl ?? `${location}/content`,
    urls: { location },
  };
}

/** The stored text as a one-file filesystem (`openapi.json` or `openapi.yaml` → text), and where it is accessible. */
export function presentSpecContent(
  spec: SpecRow,
  version: SpecVersionRow,
  text: string,
  urls: UrlBases,
): OpenAPISpecContent {
  const location = versionLocation(spec, version, urls);
  return {
    filesystem: { [`openapi.${version.format ?? "json"}`]: text },
    url: version.sourceUrl ?? `${location}/content`,
  };
}
