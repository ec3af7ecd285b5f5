// The change-request views' shapes, as Quire's API answers them (src/wire/change-request.ts, comment.ts,
// change-request-review.ts, revision.ts): the 0.137 types of @gitbook/api lack Quire's extras (`outdated` on a
// review, `markdown` on a page change) and type statuses as enums.
import type { ChangeRequest as ApiChangeRequest, User } from "@gitbook/api";
import { useEffect, useRef, useState } from "preact/hooks";
import { seg } from "../../shell/session";

export type Status = "draft" | "open" | "archived" | "merged";
export const STATUSES: Status[] = ["open", "draft", "merged", "archived"];
export const STATUS_LABEL: Record<Status, string> = {
  open: "Open",
  draft: "Draft",
  merged: "Merged",
  archived: "Archived",
};

/** `descriptionMarkdown`: the description as markdown, which the API adds with `format=markdown`. */
export type ChangeRequest = Omit<ApiChangeRequest, "status"> & {
  status: Status;
  mergedAt?: string;
  space: string;
  descriptionMarkdown?: string;
};

export interface Permissions {
  view: boolean;
  edit: boolean;
  reply?: boolean;
  delete: boolean;
}
export interface CommentReply {
  object: "comment-reply";
  id: string;
  postedBy: User;
  postedAt: string;
  editedAt?: string;
  body: { markdown?: string };
  permissions: Permissions;
}
export interface Comment extends Omit<CommentReply, "object"> {
  object: "comment";
  replies: number;
  status: "open" | "resolved";
  resolvedBy?: User;
  target: { review?: string; page?: { id: string; title: string; path: string; outdated: boolean } };
}

export interface Review {
  id: string;
  revision: string;
  reviewer: User;
  requestedBy?: User;
  status: "approved" | "changes-requested";
  comment?: Comment;
  createdAt: string;
  outdated?: boolean;
}
export interface RequestedReviewer {
  revision: string;
  requestedBy: User;
  createdAt: string;
  user: User;
}

export interface PageRef {
  id: string;
  type: string;
  title: string;
  path?: string;
}
export interface FileRef {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
}
export type Attributes = Record<string, { before?: unknown; after?: unknown }>;
/** `content=markdown` (Quire's extension): the page's markdown on each side of the change. */
export type Markdown = { before?: string; after?: string };
export type SemanticChange =
  | { type: "page_created" | "page_deleted"; page: PageRef; markdown?: Markdown }
  | { type: "page_edited"; page: PageRef; attributes: Attributes; markdown?: Markdown }
  | { type: "page_moved"; page: PageRef; parent: { before?: PageRef; after?: PageRef } }
  | { type: "file_created" | "file_deleted"; file: FileRef }
  | { type: "file_edited"; file: FileRef; attributes: Attributes }
  | { type: "variables_edited"; variables: Attributes }
  | {
      type: "reusable_content_created" | "reusable_content_deleted" | "reusable_content_edited";
      reusableContent: { id: string; title: string };
      attributes?: Attributes;
    };
export interface SemanticChanges {
  changes: SemanticChange[];
  more?: number;
}

export interface MergeResult {
  revision: string;
  result: "merge" | "update" | "conflicts";
  conflicts?: { page?: string; file?: string; reason: string }[];
}

/** A change request's page in the app (its `urls.app` names the same path). */
export const changeRequestPath = (spaceId: string, number: number) => `/s/${seg(spaceId)}/~/changes/${number}`;

/** The API of one change request: the number is accepted wherever the id is (getChangeRequestById and the rest). */
export const changeRequestApi = (spaceId: string, ref: string | number) =>
  `/v1/spaces/${seg(spaceId)}/change-requests/${seg(String(ref))}`;

/**
 * The change request itself, read or updated, answered with its description as markdown (`format=markdown`, Quire's
 * extension): every call whose answer replaces the view's change request goes here, so the description stays.
 */
export const changeRequestRead = (spaceId: string, ref: string | number) =>
  `${changeRequestApi(spaceId, ref)}?format=markdown`;

/** The path (and query) of an absolute app URL the API gave, so that the link stays inside the app. */
export function appPath(url: string): string {
  try {
    const parsed = new URL(url, location.origin);
    return parsed.origin === location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

/** State seeded from loaded data and updated from the API's answers to the view's own writes; a reload reseeds. */
export function useLocal<T>(value: T): [T, (next: T | ((previous: T) => T)) => void] {
  const [state, setState] = useState(value);
  useEffect(() => setState(value), [value]);
  return [state, setState];
}

/** A ref whose element takes the focus when it appears (a form the person just opened); `when` false skips it. */
export function useFocusOnMount<T extends HTMLElement>(when = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, []);
  return ref;
}

export function StatusBadge(props: { status: Status }) {
  return <span class={`badge ${props.status}`}>{STATUS_LABEL[props.status]}</span>;
}
