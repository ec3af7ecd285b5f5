import type { ApiTokenRow } from "../services/people";
import type { ApiToken } from "../wire/api-token";

/** A token as listed: never the secret, only its display prefix. */
export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    object: "api-token" as const,
    id: row.id,
    label: row.label,
    prefix: row.tokenPrefix,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.lastUsedAt ? { lastUsedAt: new Date(row.lastUsedAt).toISOString() } : {}),
  };
}
