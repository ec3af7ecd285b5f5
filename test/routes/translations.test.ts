import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobs, translations } from "../../src/db/schema";
import worker from "../../src/index";
import { changeRequestWith, seedSpace } from "../helpers/content";
import type { client } from "../helpers/http";
import { db } from "../helpers/seed";
import type { TranslationLanguage } from "@gitbook/api";

/** A language code as the official client types it (an enum). */
const lang = (code: string) => code as TranslationLanguage;

type Gb = ReturnType<typeof client>;
type Translation = Awaited<ReturnType<Gb["orgs"]["getTranslation"]>>["data"] & { lastRunError?: string };

const GUIDE = [
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
const FAQ = "## Questions\n\n- Is it free?\n- Where is the guide?\n";

/** A space whose main holds two pages, merged through a change request. */
async function sourceSpace() {
  const s = await seedSpace("Handbook");
  const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "Install", document: { markdown: GUIDE } },
    { operation: "insert_page", title: "FAQ", description: "Common questions", document: { markdown: FAQ } },
  ]);
  await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
  return { ...s, orgId: s.organization.id, install: pages[0]!, faq: pages[1]! };
}

/** Waits until the translation has completed `runs` runs (or ended with an error). */
async function completed(gb: Gb, orgId: string, id: string, runs = 1): Promise<Translation> {
  return vi.waitUntil(
    async () => {
      const t = (await gb.orgs.getTranslation(orgId, id)).data as Translation;
      return t.status === "completed" && (t.stats.runs >= runs || t.lastRunError) ? t : undefined;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function markdownOf(gb: Gb, spaceId: string, pageId: string) {
  return ((await gb.spaces.getPageById(spaceId, pageId)).data as { markdown: string; title: string }).markdown;
}

const translationJobs = async (id: string) =>
  (await db.select().from(jobs).where(eq(jobs.kind, "translation-run"))).filter((j) => j.payload.translationId === id);

afterEach(() => {
  delete (env as { AI?: unknown }).AI;
});

describe("translation runs with the stand-in translator", () => {
  it("translates a space into a new result space, then re-translates only the pages that changed", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    const created = await gb.orgs.createTranslation(s.orgId, {
      source: { space: s.space.id, language: lang("en") },
      language: lang("fr"),
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: "translation", status: "pending", language: lang("fr") });
    expect(created.data.result).toBeUndefined();

    const first = await completed(gb, s.orgId, created.data.id);
    expect(first.lastRunError).toBeUndefined();
    expect(first.stats).toMatchObject({ runs: 1, totalPages: 2, latestPages: 2 });
    expect(first.stats.totalWords).toBe(first.stats.latestWords);
    expect(first.stats.latestWords).toBeGreaterThan(20);
    expect(first.stats.latestRunDuration).toBeGreaterThanOrEqual(0);
    const resultSpace = (await gb.spaces.getSpaceById(first.result!.space)).data;
    expect(resultSpace).toMatchObject({ language: lang("fr"), organization: s.orgId });
    expect((await gb.spaces.getCurrentRevision(first.result!.space)).data.id).toBe(first.result!.revision);

    // Page ids, slugs and structure are the source's; titles, descriptions and bodies are translated.
    const install = (await gb.spaces.getPageById(first.result!.space, s.install)).data as any;
    expect(install.title).toBe("[fr] Înstàll");
    expect(install.markdown).toBe(
      [
        "# \\[fr\\] Înstàll",
        "",
        "\\[fr\\] Rün `npm install quire` ànd ôpén [thé güîdé](https://example.com/guide?tab=1).",
        "",
        "```bash",
        "curl https://example.com/install.sh | sh",
        "```",
        "",
        '{% hint style="warning" %}',
        "\\[fr\\] Kéép ![the logo](/files/logo-id) vîsîblé.",
        "{% endhint %}",
        "",
        "| \\[fr\\] Ôptîôn | \\[fr\\] Défàült |",
        "| ------ | ------: |",
        "| \\[fr\\] Pôrt | `8080` |",
        "",
      ].join("\n"),
    );
    const faq = (await gb.spaces.getPageById(first.result!.space, s.faq)).data as any;
    expect(faq).toMatchObject({ title: "[fr] FÀQ", description: "[fr] Cômmôn qüéstîôns", slug: "faq" });
    const faqBefore = faq.markdown as string;

    // Change one page of the source: the re-run translates that page only and keeps the other as it was.
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.install, document: { markdown: "# Install\n\nNew text.\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(s.space.id, cr.id);
    expect((await gb.orgs.runTranslation(s.orgId, created.data.id)).status).toBe(204);
    const second = await completed(gb, s.orgId, created.data.id, 2);
    expect(second.stats).toMatchObject({ runs: 2, totalPages: 2, latestPages: 1, latestWords: 4 });
    expect(second.stats.totalWords).toBe(first.stats.totalWords + 4);
    expect(second.result!.space).toBe(first.result!.space);
    expect(second.result!.revision).not.toBe(first.result!.revision);
    expect(await markdownOf(gb, second.result!.space, s.install)).toBe("# \\[fr\\] Înstàll\n\n\\[fr\\] Néw téxt.\n");
    expect(await markdownOf(gb, second.result!.space, s.faq)).toBe(faqBefore);
    const revision = (await gb.spaces.getRevisionById(second.result!.space, second.result!.revision)).data;
    expect(revision.parents).toEqual([first.result!.revision]);

    // A new page counts towards totalPages; a run with nothing new writes no revision.
    const added = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Extra", document: { markdown: "More.\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(s.space.id, added.cr.id);
    await gb.orgs.runTranslation(s.orgId, created.data.id);
    const third = await completed(gb, s.orgId, created.data.id, 3);
    expect(third.stats).toMatchObject({ runs: 3, totalPages: 3, latestPages: 1 });
    await gb.orgs.runTranslation(s.orgId, created.data.id);
    const fourth = await completed(gb, s.orgId, created.data.id, 4);
    expect(fourth.stats).toMatchObject({ runs: 4, totalPages: 3, latestPages: 0, latestWords: 0 });
    expect(fourth.result!.revision).toBe(third.result!.revision);
    expect(fourth.stats.totalDuration).toBeGreaterThanOrEqual(third.stats.totalDuration);
  });

  it("does not queue a second run while one is queued or running", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    const { id } = (
      await gb.orgs.createTranslation(s.orgId, {
        source: { space: s.space.id, language: lang("en") },
        language: lang("de"),
      })
    ).data;
    await Promise.all([gb.orgs.runTranslation(s.orgId, id), gb.orgs.runTranslation(s.orgId, id)]);
    expect(await translationJobs(id)).toHaveLength(1);
    const done = await completed(gb, s.orgId, id);
    expect(done.stats.runs).toBe(1);
    await Promise.all([gb.orgs.runTranslation(s.orgId, id), gb.orgs.runTranslation(s.orgId, id)]);
    expect(await translationJobs(id)).toHaveLength(2);
    expect((await completed(gb, s.orgId, id, 2)).stats.runs).toBe(2);
  });

  it("ends a run whose source space is gone with its error, leaving the previous result untouched", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    const { id } = (
      await gb.orgs.createTranslation(s.orgId, {
        source: { space: s.space.id, language: lang("en") },
        language: lang("es"),
      })
    ).data;
    const first = await completed(gb, s.orgId, id);
    await gb.spaces.deleteSpaceById(s.space.id);
    await gb.orgs.runTranslation(s.orgId, id);
    const failed = await completed(gb, s.orgId, id, 2);
    expect(failed.lastRunError).toMatch(/source space .* no longer exists/);
    expect(failed.stats.runs).toBe(1);
    expect(failed.result).toEqual(first.result);
    expect((await gb.spaces.getCurrentRevision(first.result!.space)).data.id).toBe(first.result!.revision);
  });
});

/** A fake Workers AI binding: records every call, answers in upper case (placeholders kept), or fails. */
function fakeAI(mode: { fail?: boolean; sourceSpace?: string } = {}) {
  const calls: { model: string; input: { text: string; source_lang: string; target_lang: string } }[] = [];
  /** The status of the source space's translations while the translator works. */
  const statuses = new Set<string>();
  const ai = {
    async run(model: string, input: { text: string; source_lang: string; target_lang: string }) {
      calls.push({ model, input });
      if (mode.sourceSpace) {
        const rows = await db.select().from(translations).where(eq(translations.sourceSpaceId, mode.sourceSpace));
        for (const row of rows) statuses.add(row.status);
      }
      if (mode.fail) throw new Error("AI unavailable");
      return {
        translated_text: input.text
          .split(/(<\/?[ax]\d+\/?>)/)
          .map((part, i) => (i % 2 ? part : part.toUpperCase()))
          .join(""),
      };
    },
  };
  (env as { AI?: unknown }).AI = ai;
  return { ai, calls, statuses, texts: () => calls.map((c) => c.input.text) };
}

describe("translation runs with a Workers AI binding", () => {
  it("sends only prose (no code, no URLs), applies the glossary, and puts the answers back in place", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    await gb.orgs.updateGlossaryEntries(s.orgId, {
      operations: [{ type: "insert", translations: { en: "guide", fr: "manuel" } }],
    });
    const ai = fakeAI({ sourceSpace: s.space.id });
    const { id } = (
      await gb.orgs.createTranslation(s.orgId, {
        source: { space: s.space.id, language: lang("en") },
        language: lang("fr"),
      })
    ).data;
    const done = await completed(gb, s.orgId, id);
    expect(done.lastRunError).toBeUndefined();
    expect([...ai.statuses]).toEqual(["running"]);
    expect(new Set(ai.calls.map((c) => `${c.model} ${c.input.source_lang}→${c.input.target_lang}`))).toEqual(
      new Set(["@cf/meta/m2m100-1.2b en→fr"]),
    );
    expect(ai.texts().sort()).toEqual(
      [
        "Install",
        "Install",
        "Run <x1/> and open <a1>the <x2/></a1>.",
        "Keep <x1/> visible.",
        "Option",
        "Default",
        "Port",
        "FAQ",
        "Common questions",
        "Questions",
        "Is it free?",
        "Where is the <x1/>?",
      ].sort(),
    );
    for (const text of ai.texts()) expect(text).not.toMatch(/npm|https?:|curl|\/files\/|8080|hint/);
    expect(await markdownOf(gb, done.result!.space, s.install)).toBe(
      GUIDE.replace("# Install", "# INSTALL")
        .replace("Run `npm install quire` and open [the guide]", "RUN `npm install quire` AND OPEN [THE manuel]")
        .replace("Keep ![the logo](/files/logo-id) visible.", "KEEP ![the logo](/files/logo-id) VISIBLE.")
        .replace("| Option | Default |", "| OPTION | DEFAULT |")
        .replace("| Port |", "| PORT |"),
    );
    expect(await markdownOf(gb, done.result!.space, s.faq)).toBe(
      "## QUESTIONS\n\n- IS IT FREE?\n- WHERE IS THE manuel?\n",
    );

    // Nothing changed: a re-run sends nothing. A glossary change changes what every page asks to translate.
    ai.calls.length = 0;
    await gb.orgs.runTranslation(s.orgId, id);
    expect((await completed(gb, s.orgId, id, 2)).stats.latestPages).toBe(0);
    expect(ai.calls).toHaveLength(0);
    const [entry] = (await gb.orgs.listGlossaryEntries(s.orgId)).data.items;
    await gb.orgs.updateGlossaryEntries(s.orgId, {
      operations: [{ type: "update", id: entry!.id, translations: { en: "guide", fr: "mode d'emploi" } }],
    });
    await gb.orgs.runTranslation(s.orgId, id);
    expect((await completed(gb, s.orgId, id, 3)).stats).toMatchObject({ latestPages: 2, totalPages: 2 });
    expect(await markdownOf(gb, done.result!.space, s.faq)).toBe(
      "## QUESTIONS\n\n- IS IT FREE?\n- WHERE IS THE mode d'emploi?\n",
    );
  });

  it("records a failing translator on the translation, retries, and ends the run from the dead-letter queue", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    const { id } = (
      await gb.orgs.createTranslation(s.orgId, {
        source: { space: s.space.id, language: lang("en") },
        language: lang("it"),
      })
    ).data;
    const first = await completed(gb, s.orgId, id);
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: s.faq, document: { markdown: "Changed.\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(s.space.id, cr.id);
    fakeAI({ fail: true });
    await gb.orgs.runTranslation(s.orgId, id);
    const retrying = await vi.waitUntil(
      async () => {
        const t = (await gb.orgs.getTranslation(s.orgId, id)).data as Translation;
        return t.lastRunError ? t : undefined;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(retrying).toMatchObject({ status: "pending", lastRunError: "AI unavailable", result: first.result });

    // Retries exhausted: the dead-letter queue's consumer ends the run with its error.
    const [row] = await db.select().from(translations).where(eq(translations.id, id));
    const batch = createMessageBatch("quire-jobs-dlq", [
      { id: "dead", timestamp: new Date(), attempts: 1, body: { jobId: row!.runJobId! } },
    ]);
    await worker.queue(batch as never, env as never, createExecutionContext());
    const failed = (await gb.orgs.getTranslation(s.orgId, id)).data as Translation;
    expect(failed).toMatchObject({ status: "completed", lastRunError: "AI unavailable", result: first.result });
    expect(failed.stats.runs).toBe(1);
    expect((await gb.spaces.getCurrentRevision(first.result!.space)).data.id).toBe(first.result!.revision);

    // The next run (translator back) translates the change and clears the error.
    fakeAI();
    await gb.orgs.runTranslation(s.orgId, id);
    const recovered = await completed(gb, s.orgId, id, 2);
    expect(recovered.lastRunError).toBeUndefined();
    expect(recovered.stats).toMatchObject({ runs: 2, latestPages: 1 });
    expect(await markdownOf(gb, recovered.result!.space, s.faq)).toBe("CHANGED.\n");
  });
});
