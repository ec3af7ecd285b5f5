import type { TranslationLanguage } from "@gitbook/api";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobs } from "../../src/db/schema";
import { CALLS_PER_INVOCATION } from "../../src/services/translations/translation-run";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { type client, workerFetch } from "../helpers/http";
import { db } from "../helpers/seed";

type Gb = ReturnType<typeof client>;
const fr = "fr" as TranslationLanguage;
const en = "en" as TranslationLanguage;

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

async function completed(gb: Gb, orgId: string, id: string, runs = 1) {
  return vi.waitUntil(
    async () => {
      const t = (await gb.orgs.getTranslation(orgId, id)).data;
      return t.status === "completed" && t.stats.runs >= runs ? t : undefined;
    },
    { timeout: 15_000, interval: 50 },
  );
}

afterEach(() => {
  delete (env as { AI?: unknown }).AI;
});

describe("longer translation runs", () => {
  it("continues a run past its per-invocation budget in further jobs, as one run and one revision", async () => {
    const s = await seedSpace("Big");
    const paragraphs = Array.from({ length: 20 }, (_, i) => `Paragraph number ${i}.`).join("\n\n");
    const { cr } = await changeRequestWith(
      s.owner.token,
      s.space.id,
      Array.from({ length: 25 }, (_, i) => ({
        operation: "insert_page",
        title: `Page ${i}`,
        document: { markdown: `${paragraphs}\n` },
      })),
    );
    await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    let calls = 0;
    (env as { AI?: unknown }).AI = {
      async run(_model: string, input: { text: string }) {
        calls++;
        return { translated_text: `fr: ${input.text}` };
      },
    };
    const orgId = s.organization.id;
    const { id } = (
      await s.api.orgs.createTranslation(orgId, { source: { space: s.space.id, language: en }, language: fr })
    ).data;
    const done = await completed(s.api, orgId, id);
    expect(calls).toBe(25 * 21);
    expect(calls).toBeGreaterThan(CALLS_PER_INVOCATION);
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 25, latestPages: 25 });
    const runJobs = (await db.select().from(jobs).where(eq(jobs.kind, "translation-run"))).filter(
      (j) => j.payload.translationId === id,
    );
    expect(runJobs.length).toBe(2);
    expect(runJobs.every((j) => j.status === "completed")).toBe(true);
    const revision = (await s.api.spaces.getRevisionById(done.result!.space, done.result!.revision)).data;
    expect(revision.pages).toHaveLength(25);
    expect(revision.pages.every((p) => p.title.startsWith("fr: Page"))).toBe(true);
  });

  it("copies the source's files into the result space, and starts a new result space when the old one was deleted", async () => {
    const s = await seedSpace("With files");
    const gb = s.api;
    const { cr, response } = await changeRequestWith(s.owner.token, s.space.id, [
      {
        operation: "insert_files",
        files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: btoa(String.fromCharCode(...png)) }],
      },
      { operation: "insert_page", title: "Logo", document: { markdown: "Our logo: ![Logo](./logo)\n" } },
    ]);
    await gb.spaces.mergeChangeRequest(s.space.id, cr.id);
    const fileId = response.insertedFiles[0].id as string;
    const orgId = s.organization.id;
    const { id } = (
      await gb.orgs.createTranslation(orgId, { source: { space: s.space.id, language: en }, language: fr })
    ).data;
    const first = await completed(gb, orgId, id);
    const file = (await gb.spaces.getFileById(first.result!.space, fileId)).data;
    const download = await workerFetch(file.downloadURL);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    const page = (await gb.spaces.listPages(first.result!.space)).data.pages[0]!;
    expect(((await gb.spaces.getPageById(first.result!.space, page.id)).data as { markdown: string }).markdown).toBe(
      `\\[fr\\] Ôür lôgô: ![Logo](/files/${fileId})\n`,
    );

    await gb.spaces.deleteSpaceById(first.result!.space);
    await gb.orgs.runTranslation(orgId, id);
    const second = await completed(gb, orgId, id, 2);
    expect(second.result!.space).not.toBe(first.result!.space);
    expect(second.stats).toMatchObject({ runs: 2, totalPages: 1, latestPages: 1 });
    expect((await gb.spaces.getFileById(second.result!.space, fileId)).data.id).toBe(fileId);
  });
});
