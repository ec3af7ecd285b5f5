import type { TranslationLanguage } from "@gitbook/api";
import { vi } from "vitest";
import { changeRequestWith, seedSpace } from "./content";
import type { client } from "./http";

/** A language code as the official client types it (an enum). */
export const lang = (code: string) => code as TranslationLanguage;

export type Gb = ReturnType<typeof client>;
export type Translation = Awaited<ReturnType<Gb["orgs"]["getTranslation"]>>["data"] & { lastRunError?: string };

export const GUIDE = [
  "# Install",
  "",
  "Run `npm install quire` and open [the guide](https://example.com/guide?tab=1).",
  "",
  "```bash",
  "curl https://example.com/install.sh | sh",
  "```",
  "",
  '{% hint style="warning" %}',
  "Keep ![the logo](/files/logo-id) visible.",
  "{% endhint %}",
  "",
  "| Option | Default |",
  "| ------ | ------: |",
  "| Port | `8080` |",
  "",
].join("\n");
export const FAQ = "## Questions\n\n- Is it free?\n- Where is the guide?\n";

/** A space whose main holds two pages, merged through a change request. */
export async function sourceSpace() {
  const s = await seedSpace("Handbook");
  const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "Install", document: { markdown: GUIDE } },
    { operation: "insert_page", title: "FAQ", description: "Common questions", document: { markdown: FAQ } },
  ]);
  await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
  return { ...s, orgId: s.organization.id, install: pages[0]!, faq: pages[1]! };
}

/** Waits until the translation has completed `runs` runs (or ended with an error). */
export async function completed(gb: Gb, orgId: string, id: string, runs = 1): Promise<Translation> {
  return vi.waitUntil(
    async () => {
      const t = (await gb.orgs.getTranslation(orgId, id)).data as Translation;
      return t.status === "completed" && (t.stats.runs >= runs || t.lastRunError) ? t : undefined;
    },
    { timeout: 10_000, interval: 50 },
  );
}

export async function markdownOf(gb: Gb, spaceId: string, pageId: string) {
  return ((await gb.spaces.getPageById(spaceId, pageId)).data as { markdown: string; title: string }).markdown;
}
