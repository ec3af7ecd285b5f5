import { ApiError } from "../lib/errors";
import type { ContentChangeInput, DocumentInputValue, FileInputValue } from "./changes";
import {
  childrenOf,
  cloneSnapshot,
  type FileEntry,
  PAGE_METADATA_KEYS,
  type PageEntry,
  type PageMetadataKey,
  type Snapshot,
  subtree,
} from "./model";

/** What applying needs from the outside world, injected so the algorithm stays pure and testable. */
export interface ApplyDeps {
  now: number;
  newId(): string;
  /** Markdown of a document input plus metadata read from its frontmatter/leading heading. */
  readDocument(input: DocumentInputValue): Promise<{ markdown: string; meta: Partial<PageEntry>; title?: string }>;
  slugify(title: string): string;
  hashBody(markdown: string): Promise<string>;
  storeFile(file: FileInputValue): Promise<Omit<FileEntry, "id">>;
  /**
   * The id to give the page or file a change inserts under `ref`, when the writer keeps ids across rewrites (a
   * Git re-import keeps each page's id); undefined, or an id already in the snapshot: a new id.
   */
  keepId?(ref: string): string | undefined;
  /** The snapshot to revert pages to (`undefined`: the change request's base). */
  revertSource(revisionId: string | undefined): Promise<Snapshot>;
}

export type PageOutcome =
  | { object: "created_page"; page: string; ref?: string }
  | { object: "updated_page"; page: string }
  | { object: "deleted_page"; page: string };

export interface ApplyResult {
  snapshot: Snapshot;
  /** New page bodies by hash. */
  bodies: Map<string, string>;
  outcomes: PageOutcome[];
  insertedFiles: FileEntry[];
}

function fail(index: number, message: string): never {
  throw new ApiError(400, `body.changes.${index}: ${message}`);
}

/**
 * Applies a batch of content changes to a snapshot. All or nothing: the first invalid change throws a 400
 * naming it and the caller writes nothing. Batch-local refs in markdown links (`./<ref>.md`, `./<ref>`) are
 * resolved to page and file ids once every change has been applied.
 */
export async function applyChanges(
  base: Snapshot,
  changes: ContentChangeInput[],
  deps: ApplyDeps,
): Promise<ApplyResult> {
  const s = cloneSnapshot(base);
  const bodies = new Map<string, string>();
  const markdownOf = new Map<string, string>(); // page id -> markdown written in this batch
  const outcomes = new Map<string, PageOutcome>();
  const insertedFiles: FileEntry[] = [];
  const pageRefs = new Map<string, string>();
  const fileRefs = new Map<string, string>();

  const touch = (outcome: PageOutcome) => {
    const previous = outcomes.get(outcome.page);
    if (!previous) outcomes.set(outcome.page, outcome);
    else if (outcome.object === "deleted_page") {
      if (previous.object === "created_page") outcomes.delete(outcome.page);
      else outcomes.set(outcome.page, outcome);
    }
  };

  const siblingsSlugs = (parent: string | null, except?: string) =>
    new Set(
      childrenOf(s, parent)
        .filter((id) => id !== except)
        .map((id) => s.pages.get(id)!.slug),
    );

  const place = (id: string, parent: string | null, at: number | undefined, index: number) => {
    if (parent !== null && s.pages.get(parent)?.type === "computed") fail(index, "a computed page has no child pages");
    const list = [...childrenOf(s, parent)];
    if (at !== undefined && at > list.length) fail(index, `at ${at} is past the end of its ${list.length} siblings`);
    list.splice(at ?? list.length, 0, id);
    s.children.set(parent, list);
    s.parentOf.set(id, parent);
  };

  const detach = (id: string) => {
    const parent = s.parentOf.get(id) ?? null;
    s.children.set(
      parent,
      childrenOf(s, parent).filter((c) => c !== id),
    );
  };

  const resolveSlug = (
    index: number,
    parent: string | null,
    explicit: string | undefined,
    title: string,
    self?: string,
  ) => {
    const taken = siblingsSlugs(parent, self);
    if (explicit !== undefined) {
      if (taken.has(explicit)) fail(index, `slug "${explicit}" is already used by a sibling page`);
      return explicit;
    }
    const wanted = deps.slugify(title) || "page";
    let slug = wanted;
    for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
    return slug;
  };

  const setBody = async (id: string, document: DocumentInputValue | undefined) => {
    if (!document || !("markdown" in document || "document" in document)) return {};
    const read = await deps.readDocument(document);
    const hash = await deps.hashBody(read.markdown);
    bodies.set(hash, read.markdown);
    markdownOf.set(id, read.markdown);
    return { body: hash, meta: read.meta, title: read.title };
  };

  for (const [index, change] of changes.entries()) {
    switch (change.operation) {
      case "insert_page": {
        // `into` names an existing page, or a page inserted earlier in this batch by its `ref`.
        const parent = change.into === undefined ? null : (pageRefs.get(change.into) ?? change.into);
        if (parent !== null && !s.pages.has(parent)) fail(index, `parent page "${change.into}" does not exist`);
        if (change.ref !== undefined) {
          if (pageRefs.has(change.ref) || fileRefs.has(change.ref))
            fail(index, `ref "${change.ref}" is used twice in this batch`);
        }
        const kept = change.ref !== undefined ? deps.keepId?.(change.ref) : undefined;
        const id = kept && !s.pages.has(kept) ? kept : deps.newId();
        const written = await setBody(id, change.document);
        const title = written.meta?.title ?? written.title ?? change.title ?? "Untitled";
        const page: PageEntry = {
          id,
          type: change.type ?? "document",
          ...(change.computed ? { computed: change.computed } : {}),
          title,
          slug: "",
          createdAt: deps.now,
          updatedAt: deps.now,
          ...pickMeta(change),
          ...(written.meta ?? {}),
          ...(written.body ? { body: written.body } : {}),
        };
        page.title = title;
        page.slug = resolveSlug(index, parent, written.meta?.slug ?? change.slug, title);
        s.pages.set(id, page);
        place(id, parent, change.at, index);
        if (change.ref !== undefined) pageRefs.set(change.ref, id);
        touch({ object: "created_page", page: id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
        break;
      }
      case "update_page": {
        const current = s.pages.get(change.page);
        if (!current) fail(index, `page "${change.page}" does not exist`);
        if (change.computed && current.type !== "computed") fail(index, "only a computed page has a computed source");
        if (current.type === "computed" && change.document) fail(index, "a computed page has no document");
        const written = await setBody(change.page, change.document);
        const next: PageEntry = { ...current, ...pickMeta(change), ...(written.meta ?? {}), updatedAt: deps.now };
        if (change.computed) next.computed = change.computed;
        if (written.body) next.body = written.body;
        if (written.title && !written.meta?.title && change.title === undefined) next.title = written.title;
        let parent = s.parentOf.get(change.page) ?? null;
        if (change.into !== undefined || change.at !== undefined) {
          const target = change.into === undefined ? parent : change.into;
          if (target !== null && !s.pages.has(target)) fail(index, `parent page "${target}" does not exist`);
          if (target !== null && subtree(s, change.page).includes(target)) {
            fail(index, "a page cannot be moved into itself or one of its descendants");
          }
          detach(change.page);
          place(change.page, target, change.at, index);
          parent = target;
        }
        const explicitSlug = written.meta?.slug ?? change.slug;
        const slugChanged = explicitSlug !== undefined && explicitSlug !== current.slug;
        next.slug =
          slugChanged || siblingsSlugs(parent, change.page).has(current.slug)
            ? resolveSlug(index, parent, explicitSlug, next.title, change.page)
            : current.slug;
        s.pages.set(change.page, next);
        touch({ object: "updated_page", page: change.page });
        break;
      }
      case "delete_page": {
        if (!s.pages.has(change.page)) fail(index, `page "${change.page}" does not exist`);
        removePage(s, change.page, (id) => touch({ object: "deleted_page", page: id }));
        break;
      }
      case "revert_page": {
        if (change.block !== undefined)
          fail(index, "reverting individual blocks is not supported; omit `block` to revert the whole page");
        const source = await deps.revertSource(change.revision);
        revertPage(s, source, change.page, index, touch);
        break;
      }
      case "insert_files": {
        for (const [fileIndex, file] of change.files.entries()) {
          if (file.ref !== undefined && (fileRefs.has(file.ref) || pageRefs.has(file.ref))) {
            fail(index, `files.${fileIndex}.ref "${file.ref}" is used twice in this batch`);
          }
          const stored = await deps.storeFile(file);
          const kept = file.ref !== undefined ? deps.keepId?.(file.ref) : undefined;
          const entry: FileEntry = { id: kept && !s.files.has(kept) ? kept : deps.newId(), ...stored };
          s.files.set(entry.id, entry);
          insertedFiles.push(entry);
          if (file.ref !== undefined) fileRefs.set(file.ref, entry.id);
        }
        break;
      }
    }
  }

  if (pageRefs.size || fileRefs.size) await resolveRefs(s, markdownOf, bodies, pageRefs, fileRefs, deps);
  return { snapshot: s, bodies, outcomes: [...outcomes.values()], insertedFiles };
}

function pickMeta(change: Partial<Record<PageMetadataKey, unknown>>): Partial<PageEntry> {
  const out: Record<string, unknown> = {};
  for (const key of PAGE_METADATA_KEYS) {
    const value = change[key];
    if (value === undefined) continue;
    // An empty emoji, icon or condition removes it.
    out[key] = value === "" && (key === "emoji" || key === "icon" || key === "condition") ? undefined : value;
  }
  return out as Partial<PageEntry>;
}

/** Removes a page and its subtree. */
export function removePage(s: Snapshot, id: string, onRemoved: (id: string) => void = () => {}) {
  const parent = s.parentOf.get(id) ?? null;
  s.children.set(
    parent,
    childrenOf(s, parent).filter((c) => c !== id),
  );
  for (const gone of subtree(s, id)) {
    s.pages.delete(gone);
    s.parentOf.delete(gone);
    s.children.delete(gone);
    onRemoved(gone);
  }
}

function revertPage(s: Snapshot, source: Snapshot, id: string, index: number, touch: (o: PageOutcome) => void) {
  const then = source.pages.get(id);
  const now = s.pages.get(id);
  if (!then && !now) fail(index, `page "${id}" does not exist here or in the revision to revert to`);
  if (!then) {
    removePage(s, id, (gone) => touch({ object: "deleted_page", page: gone }));
    return;
  }
  if (now) {
    s.pages.set(id, { ...then });
    touch({ object: "updated_page", page: id });
    return;
  }
  // Restore a deleted page (and its subtree as it was) under its old parent, or at the root when that is gone.
  const oldParent = source.parentOf.get(id) ?? null;
  const parent = oldParent !== null && s.pages.has(oldParent) ? oldParent : null;
  const restore = (pageId: string, under: string | null, at?: number) => {
    const page = source.pages.get(pageId)!;
    if (s.pages.has(pageId)) return;
    s.pages.set(pageId, { ...page });
    const list = [...childrenOf(s, under)];
    list.splice(at === undefined ? list.length : Math.min(at, list.length), 0, pageId);
    s.children.set(under, list);
    s.parentOf.set(pageId, under);
    touch({ object: "created_page", page: pageId });
    for (const child of childrenOf(source, pageId)) restore(child, pageId);
  };
  restore(id, parent, childrenOf(source, oldParent).indexOf(id));
}

/** Rewrites links to batch-local refs (`./ref.md`, `ref.md`, `./ref`) into `/pages/<id>` and `/files/<id>`. */
async function resolveRefs(
  s: Snapshot,
  markdownOf: Map<string, string>,
  bodies: Map<string, string>,
  pageRefs: Map<string, string>,
  fileRefs: Map<string, string>,
  deps: ApplyDeps,
) {
  const targetFor = (raw: string) => {
    const ref = raw.replace(/^\.\//, "");
    const page = pageRefs.get(ref.replace(/\.md$/, ""));
    if (page && (ref.endsWith(".md") || !fileRefs.has(ref))) return `/pages/${page}`;
    const file = fileRefs.get(ref);
    return file ? `/files/${file}` : undefined;
  };
  for (const [pageId, markdown] of markdownOf) {
    const page = s.pages.get(pageId);
    if (!page) continue;
    const rewritten = markdown
      .replace(/(\]\()(<?)([^)\s>]+)(>?)/g, (all, open: string, lt: string, url: string, gt: string) => {
        const target = targetFor(url);
        return target ? `${open}${lt}${target}${gt}` : all;
      })
      // Reference definitions: `[label]: ./ref`.
      .replace(
        /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<?)([^\s>]+)(>?)/gm,
        (all, open: string, lt: string, url: string, gt: string) => {
          const target = targetFor(url);
          return target ? `${open}${lt}${target}${gt}` : all;
        },
      );
    if (rewritten === markdown) continue;
    const hash = await deps.hashBody(rewritten);
    if (page.body) bodies.delete(page.body);
    bodies.set(hash, rewritten);
    s.pages.set(pageId, { ...page, body: hash });
  }
}
