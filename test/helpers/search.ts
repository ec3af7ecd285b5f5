import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { api } from "./http";
import { changeRequestWith } from "./content";
import { client } from "./http";

/** Waits until the queued search-index job has brought the space's index to its current revision. */
export async function indexed(spaceId: string) {
  await vi.waitUntil(
    async () => {
      const row = await env.DB.prepare(
        "SELECT s.revision_id = st.revision_id AS ok FROM spaces s JOIN search_index_state st ON st.space_id = s.id WHERE s.id = ?",
      )
        .bind(spaceId)
        .first<{ ok: number }>();
      return row?.ok === 1;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Writes pages through a change request, merges it and waits for the index. Returns the page ids. */
export async function mergePages(token: string, spaceId: string, changes: unknown[]) {
  const { cr, pages } = await changeRequestWith(token, spaceId, changes);
  const merged = await client(token).spaces.mergeChangeRequest(spaceId, cr.id);
  if (merged.data.result !== "merge") throw new Error("merge failed");
  await indexed(spaceId);
  return pages;
}

export const page = (ref: string, title: string, markdown: string, extra: Record<string, unknown> = {}) => ({
  operation: "insert_page",
  ref,
  title,
  document: { markdown },
  ...extra,
});

/** GET /spaces/{id}/search raw. */
export function searchSpace(token: string | undefined, spaceId: string, query: string, extra = "") {
  return api("GET", `/spaces/${spaceId}/search?query=${encodeURIComponent(query)}${extra}`, { token });
}

export function searchOrg(token: string | undefined, orgId: string, query: string, extra = "") {
  return api("GET", `/orgs/${orgId}/search?query=${encodeURIComponent(query)}${extra}`, { token });
}
