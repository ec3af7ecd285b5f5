// The organization's content as the API describes it: the two lists, the tree they make (collections nest by
// `parent`, spaces sit in their collection or at the top), and what the caller may do to each item, from the
// `permissions` the API returned.
import type { Collection, Organization, Space } from "@gitbook/api";
import { listAll, seg } from "../../shell/session";

export interface Content {
  collections: Collection[];
  spaces: Space[];
}

/** The organization's collections and spaces: one round trip (the two lists together). */
export async function loadContent(organizationId: string): Promise<Content> {
  const [collections, spaces] = await Promise.all([
    listAll<Collection>(`/v1/orgs/${seg(organizationId)}/collections`),
    listAll<Space>(`/v1/orgs/${seg(organizationId)}/spaces`),
  ]);
  return { collections, spaces };
}

/** Children by parent id (`""`: the top level). An item whose parent the caller cannot see sits at the top. */
export class Tree {
  readonly byId: Map<string, Collection>;
  private readonly collectionsIn = new Map<string, Collection[]>();
  private readonly spacesIn = new Map<string, Space[]>();
  private inOrder: { collection: Collection; depth: number }[] | undefined;
  constructor(readonly content: Content) {
    this.byId = new Map(content.collections.map((c) => [c.id, c]));
    for (const c of content.collections) push(this.collectionsIn, this.parentOf(c.parent), c);
    for (const s of content.spaces) push(this.spacesIn, this.parentOf(s.parent), s);
  }
  parentOf(parent: string | undefined): string {
    return parent && this.byId.has(parent) ? parent : "";
  }
  collections(parent: string): Collection[] {
    return this.collectionsIn.get(parent) ?? [];
  }
  spaces(parent: string): Space[] {
    return this.spacesIn.get(parent) ?? [];
  }
  /** A collection's ancestors, outermost first. */
  ancestors(id: string): Collection[] {
    const out: Collection[] = [];
    let parent = this.byId.get(id)?.parent;
    while (parent && this.byId.has(parent) && out.length < 100) {
      const found = this.byId.get(parent)!;
      out.unshift(found);
      parent = found.parent;
    }
    return out;
  }
  /** A collection and everything under it. */
  subtree(id: string): { collections: Collection[]; spaces: Space[] } {
    const collections: Collection[] = [];
    const spaces: Space[] = [];
    const walk = (at: string) => {
      spaces.push(...this.spaces(at));
      for (const child of this.collections(at)) {
        collections.push(child);
        walk(child.id);
      }
    };
    walk(id);
    return { collections, spaces };
  }
  /** Collections in tree order with their depth (for a select). */
  ordered(): { collection: Collection; depth: number }[] {
    if (this.inOrder) return this.inOrder;
    const out: { collection: Collection; depth: number }[] = [];
    const walk = (at: string, depth: number) => {
      for (const child of this.collections(at)) {
        out.push({ collection: child, depth });
        walk(child.id, depth + 1);
      }
    };
    walk("", 0);
    this.inOrder = out;
    return out;
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Whether the caller may create a space or collection in `parent` (`""`: the organization's top level). */
export function canCreateIn(organization: Organization | undefined, tree: Tree, parent: string): boolean {
  if (!parent) return Boolean(organization?.permissions.createContent);
  return Boolean(tree.byId.get(parent)?.permissions.create);
}

export function canCreateAnywhere(organization: Organization | undefined, tree: Tree): boolean {
  return Boolean(organization?.permissions.createContent) || tree.content.collections.some((c) => c.permissions.create);
}

/** Where the caller may move an item to: the collections where they may create, and the top level if allowed. */
export function moveTargets(organization: Organization | undefined, tree: Tree, target: Target) {
  const excluded = new Set<string>();
  if (target.kind === "collection") {
    excluded.add(target.item.id);
    for (const c of tree.subtree(target.item.id).collections) excluded.add(c.id);
  }
  return {
    top: Boolean(organization?.permissions.createContent),
    collections: tree
      .ordered()
      .filter(({ collection }) => collection.permissions.create && !excluded.has(collection.id)),
  };
}

export type Target = { kind: "space"; item: Space } | { kind: "collection"; item: Collection };

/**
 * What the caller may do to an item, from the `permissions` the API returned (and the rules of
 * services/spaces): a collection is renamed and moved with `create` on it, deleted by its admins who are also
 * organization admins; a space is renamed with `edit` (space.editMetadata), deleted by its admins, and moved with
 * `create` on it, which its permissions do not name: its admins, or reviewers and up where its container lets
 * them create.
 */
export function allowed(organization: Organization | undefined, tree: Tree, target: Target) {
  const targets = moveTargets(organization, tree, target);
  const anywhere = targets.top || targets.collections.length > 0;
  if (target.kind === "collection") {
    const p = target.item.permissions;
    return {
      rename: p.create,
      move: p.create && anywhere,
      remove: p.admin && Boolean(organization?.permissions.admin),
    };
  }
  const p = target.item.permissions;
  const createHere = canCreateIn(organization, tree, tree.parentOf(target.item.parent));
  return {
    rename: p.edit,
    move: (p.admin || (p.review && createHere)) && anywhere,
    remove: p.admin,
  };
}

export type DialogState =
  | { type: "create"; what: "space" | "collection"; parent: string }
  | { type: "rename" | "move" | "delete"; target: Target };
