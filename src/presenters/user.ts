import type { UrlBases } from "../services/core/context";
import type { UserRow } from "../services/people/users";

export function presentUser(row: UserRow, urls: UrlBases) {
  return {
    object: "user" as const,
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    ...(row.photoUrl ? { photoURL: row.photoUrl } : {}),
    urls: { location: `${urls.api}/v1/users/${row.id}` },
  };
}
