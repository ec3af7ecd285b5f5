import type { CollectionView } from "../services/spaces";
import type { UrlBases } from "../services/core";
import { permissionsObject, toWireLevel } from "../services/access";
import type { Collection } from "../wire/collection";

export function collectionLocation(urls: UrlBases, collectionId: string): string {
  return `${urls.api}/v1/collections/${collectionId}`;
}

export function presentCollection({ row, access }: CollectionView, urls: UrlBases): Collection {
  return {
    object: "collection" as const,
    id: row.id,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    organization: row.organizationId,
    ...(row.parentId ? { parent: row.parentId } : {}),
    defaultLevel: toWireLevel(row.defaultLevel),
    urls: { location: collectionLocation(urls, row.id), app: `${urls.app}/o/${row.organizationId}/c/${row.id}` },
    permissions: permissionsObject(access, {
      view: "collection.view",
      admin: "collection.admin",
      viewInviteLinks: "collection.viewInviteLinks",
      create: "collection.create",
    }),
  };
}
