import type { UrlBases } from "../services/core";
import type { UserRow } from "../services/people";
import type { User } from "../wire/user";

export function presentUser(row: UserRow, urls: UrlBases): User {
  return {
    object: "user" as const,
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    ...(row.photoUrl ? { photoURL: row.photoUrl } : {}),
    urls: { location: `${urls.api}/v1/users/${row.id}` },
  };
}
