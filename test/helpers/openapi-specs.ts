import { vi } from "vitest";

/** Either official client (0.137 or 0.202): what polling a spec needs of it. */
interface SpecReader<Spec extends { processingState?: string }> {
  orgs: { getOpenApiSpecBySlug(organizationId: string, slug: string): Promise<{ data: Spec }> };
}

/** Polls the spec until processing finished (the test queue delivers within ~50 ms). */
export function processedSpec<Spec extends { processingState?: string }>(
  gb: SpecReader<Spec>,
  organizationId: string,
  slug: string,
) {
  return vi.waitUntil(
    async () => {
      const spec = (await gb.orgs.getOpenApiSpecBySlug(organizationId, slug)).data;
      return spec.processingState === "complete" ? spec : undefined;
    },
    { timeout: 8000, interval: 50 },
  );
}
