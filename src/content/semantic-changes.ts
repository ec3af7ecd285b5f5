import { canonicalJSON, type FileEntry, type PageEntry, type PageType, pagePath, type Snapshot } from "./model";

type ChangedPage = { id: string; type: PageType; title: string; path: string };
export type SemanticChange =
  | { type: "page_created" | "page_deleted"; page: ChangedPage }
  | { type: "page_edited"; page: ChangedPage; attributes: Record<string, { before?: unknown; after?: unknown }> }
  | { type: "page_moved"; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | {
      type: "file_created" | "file_deleted";
      file: { id: string; name: string; contentType: string; downloadURL: string };
    }
  | {
      type: "file_edited";
      file: { id: string; name: string; contentType: string; downloadURL: string };
      attributes: Record<string, { before?: unknown; after?: unknown }>;
    }
  | { type: "variables_edited"; variables: Record<string, { before?: unknown; after?: unknown }> };

const PAGE_ATTRIBUTES: Array<[keyof PageEntry, string]> = [
  ["title", "title"],
  ["description", "description"],
  ["slug", "slug"],
  ["body", "document"],
  ["emoji", "emoji"],
  ["layout", "layout"],
];

/** What changed from `before` to `after`, page by page and file by file (semantic changes of the reference). */
export function semanticChanges(
  before: Snapshot,
  after: Snapshot,
  downloadURL: (file: FileEntry) => string,
): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const ref = (s: Snapshot, id: string): ChangedPage => {
    const p = s.pages.get(id)!;
    return { id, type: p.type, title: p.title, path: pagePath(s, id) };
  };
  for (const [id, page] of after.pages) {
    const old = before.pages.get(id);
    if (!old) {
      changes.push({ type: "page_created", page: ref(after, id) });
      continue;
    }
    const attributes: Record<string, { before?: unknown; after?: unknown }> = {};
    for (const [key, name] of PAGE_ATTRIBUTES) {
      if (canonicalJSON(old[key]) !== canonicalJSON(page[key]))
        attributes[name] = { before: old[key], after: page[key] };
    }
    if (Object.keys(attributes).length) changes.push({ type: "page_edited", page: ref(after, id), attributes });
    const [was, is] = [before.parentOf.get(id) ?? null, after.parentOf.get(id) ?? null];
    if (was !== is) {
      changes.push({
        type: "page_moved",
        page: ref(after, id),
        parent: { ...(was ? { before: ref(before, was) } : {}), ...(is ? { after: ref(after, is) } : {}) },
      });
    }
  }
  for (const id of before.pages.keys())
    if (!after.pages.has(id)) changes.push({ type: "page_deleted", page: ref(before, id) });

  const fileRef = (f: FileEntry) => ({
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    downloadURL: downloadURL(f),
  });
  for (const [id, file] of after.files) {
    const old = before.files.get(id);
    if (!old) changes.push({ type: "file_created", file: fileRef(file) });
    else if (canonicalJSON(old) !== canonicalJSON(file)) {
      const attributes: Record<string, { before?: unknown; after?: unknown }> = {};
      for (const key of ["name", "contentType", "size", "dimensions"] as const) {
        if (canonicalJSON(old[key]) !== canonicalJSON(file[key]))
          attributes[key] = { before: old[key], after: file[key] };
      }
      if (old.hash !== file.hash) attributes.downloadURL = { before: downloadURL(old), after: downloadURL(file) };
      changes.push({ type: "file_edited", file: fileRef(file), attributes });
    }
  }
  for (const [id, file] of before.files)
    if (!after.files.has(id)) changes.push({ type: "file_deleted", file: fileRef(file) });

  const variables: Record<string, { before?: unknown; after?: unknown }> = {};
  for (const key of new Set([...Object.keys(before.variables), ...Object.keys(after.variables)])) {
    if (canonicalJSON(before.variables[key]) !== canonicalJSON(after.variables[key])) {
      variables[key] = { before: before.variables[key], after: after.variables[key] };
    }
  }
  if (Object.keys(variables).length) changes.push({ type: "variables_edited", variables });
  return changes;
}
