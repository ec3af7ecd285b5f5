import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translations } from "../../src/db/schema";
import worker from "../../src/index";
import { changeRequestWith } from "../helpers/content";
import { db } from "../helpers/seed";
import { completed, GUIDE, lang, markdownOf, sourceSpace, type Translation } from "../helpers/translations";

afterEach(() => {
  delete (env as { AI?: unknown }).AI;
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
