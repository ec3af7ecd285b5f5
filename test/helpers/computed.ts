import { vi } from "vitest";
import type { client } from "./http";

type Gb = ReturnType<typeof client>;

/** A `builtin:openapi` computed source over the organization's spec `spec`. */
export const openApiSource = (spec: string, models = true) => ({
  type: "builtin:openapi" as const,
  dependencies: { spec: { ref: { kind: "openapi" as const, spec } } },
  props: { models },
});

/** Submits the spec text (a new version when the slug exists) and waits until that version is processed. */
export async function uploadSpec(gb: Gb, orgId: string, slug: string, spec: object) {
  const { data } = await gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, slug, {
    source: { text: JSON.stringify(spec) },
  });
  await vi.waitUntil(
    async () => {
      const latest = (await gb.orgs.getOpenApiSpecBySlug(orgId, slug)).data;
      return latest.lastVersion === data.lastVersion && latest.processingState === "complete";
    },
    { timeout: 8000, interval: 50 },
  );
}
