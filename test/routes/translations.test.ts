import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema";
import { changeRequestWith } from "../helpers/content";
import { db } from "../helpers/seed";
import { completed, lang, markdownOf, sourceSpace } from "../helpers/translations";

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
