// Quire's static files come from a second Worker, quire-static (wrangler.static.toml), through the ASSETS
// binding. Under a plain `wrangler dev` that Worker is not running and the binding answers 503 (wrangler's dev
// registry: `Worker "quire-static" not found`): what needs those files says so with a 503 naming `npm start`,
// and nothing else is affected. (e2e/zero-config.test.ts sees the same through a real plain `wrangler dev`.)
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { forgetAssetVersions } from "../../src/http/reference";
import { forgetFonts } from "../../src/pdf/fonts";
import worker from "../../src/index";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { ORIGIN, workerFetch } from "../helpers/http";
import { pdfPages } from "../helpers/pdf-text";

let staticRequests = 0;
const staticWorkerDown = {
  fetch: async () => {
    staticRequests++;
    return new Response('Worker "quire-static" not found. Make sure it is running locally.', { status: 503 });
  },
} as unknown as Fetcher;
const downEnv = { ...env, ASSETS: staticWorkerDown } as never;
const downFetch = (input: string, init?: RequestInit) =>
  worker.fetch(new Request(input, init) as never, downEnv, createExecutionContext()) as Promise<Response>;

async function expectStaticFilesUnavailable(res: Response) {
  expect(res.status).toBe(503);
  const body = (await res.json()) as { error: { code: number; message: string } };
  expect(body.error.code).toBe(503);
  expect(body.error.message).toContain("quire-static");
  expect(body.error.message).toContain("npm start");
}

describe("without the quire-static Worker", () => {
  it("GET /reference and GET /_quire/* answer 503 and say how to start it", async () => {
    // Another file may have had this isolate read the script's version (kept per isolate).
    forgetAssetVersions();
    await expectStaticFilesUnavailable(await downFetch(`${ORIGIN}/reference`, { headers: { accept: "text/html" } }));
    await expectStaticFilesUnavailable(await downFetch(`${ORIGIN}/_quire/scalar/standalone.js`));
    // The API itself does not touch the static files.
    const before = staticRequests;
    expect((await downFetch(`${ORIGIN}/v1/`)).status).toBe(200);
    expect(staticRequests).toBe(before);
  });

  it("a PDF that needs a font answers 503 (not '?' for its text); one that needs none renders; both do once it is back", async () => {
    const s = await seedSpace("Static down");
    const pdfOf = async (markdown: string, fetcher: typeof downFetch) => {
      const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
        { operation: "insert_page", title: "Page", document: { markdown } },
      ]);
      return fetcher(`${ORIGIN}/v1/spaces/${s.space.id}/change-requests/${cr.id}/pdf`, {
        headers: { authorization: `Bearer ${s.owner.token}` },
      });
    };
    forgetFonts();
    const greek = "Καλημέρα κόσμε.";
    await expectStaticFilesUnavailable(await pdfOf(greek, downFetch));
    const plain = await pdfOf("Plain ASCII text needs only the standard fonts.", downFetch);
    expect(plain.status).toBe(200);
    // The failed read is not remembered: with the Worker reachable, the same text renders in its font.
    const back = await pdfOf(greek, workerFetch);
    expect(back.status).toBe(200);
    const { url } = (await back.json()) as { url: string };
    const [page] = await pdfPages(new Uint8Array(await (await workerFetch(url)).arrayBuffer()));
    expect(page!.text.join("")).toContain(greek);
    expect(page!.fonts.some((f) => /^DejaVuSans-\d+$/.test(f))).toBe(true);
  });
});
