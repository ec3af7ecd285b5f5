// Who is signed in and the organizations they belong to: loaded once when the app starts (not per navigation),
// with the organization the current view is in.
import type { Organization, User } from "@gitbook/api";
import { createContext } from "preact";
import { useContext, useEffect } from "preact/hooks";
import { api } from "../api";

export interface List<T> {
  items: T[];
  next?: { page: string };
}

export interface Session {
  user: User;
  organizations: Organization[];
  /** The organization the current view belongs to, when it knows. */
  organizationId?: string;
  setOrganizationId(id: string | undefined): void;
  /** The space the current view is in (search offers it as a scope), or none. */
  setSpace(space: { id: string; title: string } | undefined): void;
  reloadOrganizations(): Promise<void>;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the signed-in app");
  return session;
}

/** Every page of a list operation (the contract's `page` cursor), for lists the view shows whole. */
export async function listAll<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  // The contract's largest page: one request for any list a person reads whole.
  const first = `${path}${path.includes("?") ? "&" : "?"}limit=1000`;
  let url = first;
  for (let pages = 0; pages < 20; pages++) {
    const page = await api<List<T>>("GET", url);
    items.push(...page.items);
    if (!page.next?.page) break;
    url = `${first}&page=${encodeURIComponent(page.next.page)}`;
  }
  return items;
}

/** Percent-encodes one path segment of an API URL. */
export const seg = encodeURIComponent;

/** Tells the frame where the view is: the organization (switcher, sections) and the space (search scope). */
export function usePlace(organizationId: string | undefined, space?: { id: string; title: string }): void {
  const session = useSession();
  useEffect(() => {
    if (organizationId) session.setOrganizationId(organizationId);
    session.setSpace(space);
  }, [organizationId, space?.id, space?.title]);
}
