// A change-request PDF fetched over real HTTP from `wrangler dev` (fonts served as Workers static assets) and
// read back by poppler's pdftotext: every script prints as itself, and a table keeps its columns.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { GitBookAPI } from "@gitbook/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "./helpers/dev-server";

let server: DevServer;
let origin: string;
let persist: string;
const run = (command: string, args: string[]) => server.run(command, args);

beforeAll(async () => {
  server = await startDevServer({ name: "pdf", devArgs: ["--var", "SIGNING_SECRET:e2e-secret"] });
  ({ origin, persist } = server);
}, 180_000);

afterAll(() => server?.stop());

const SENTENCES = [
  "Crème brûlée à Łódź, Ærøskøbing og Straße.",
  "Καλημέρα κόσμε, ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
  "Съешь же ещё этих мягких французских булок.",
  "我能吞下玻璃而不伤身体。",
  "日本語の文章も印刷されます。",
  "다람쥐 헌 쳇바퀴에 타고파.",
];

const TABLE = [
  "| Name | Description | Статус |",
  "| - | - | - |",
  "| alpha | first row | Готово |",
  "| beta | second row, 第二行 | Ждёт |",
].join("\n");

function pdftotext(file: string, ...flags: string[]) {
  return run("pdftotext", [...flags, "-enc", "UTF-8", file, "-"]);
}

describe("getChangeRequestPDF read by pdftotext", () => {
  it("finds accented Latin, Greek, Cyrillic, Chinese, Japanese and Korean sentences, and a table's cells on aligned lines", async () => {
    const { token, organizationId } = JSON.parse(
      run("tsx", [
        "scripts/bootstrap.ts",
        "--persist-to",
        persist,
        "--json",
        "--email",
        "pdf@example.com",
        "--org",
        "Scripts",
      ])
        .trim()
        .split("\n")
        .pop()!,
    ) as { token: string; organizationId: string };
    const api = new GitBookAPI({ endpoint: origin, authToken: token });
    const { data: space } = await api.orgs.createSpace(organizationId, { title: "Scripts" });
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: "Every script" });
    const markdown = `${SENTENCES.join("\n\n")}\n\n${TABLE}\n`;
    const write = await fetch(`${origin}/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        changes: [{ operation: "insert_page", title: "Многоязычная страница", document: { markdown } }],
      }),
    });
    expect(write.status).toBe(200);

    const { data } = await api.spaces.getChangeRequestPdf(space.id, cr.id);
    const res = await fetch(String(data.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const file = join(persist, "out.pdf");
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));

    const text = pdftotext(file).replace(/[ \t]+/g, " ");
    expect(text).toContain("Многоязычная страница");
    for (const sentence of SENTENCES) expect(text).toContain(sentence);

    // -layout keeps positions: the header and each row read as one line with the cells in column order.
    const layout = pdftotext(file, "-layout").split("\n");
    const lineOf = (...cells: string[]) =>
      layout.find((line) =>
        new RegExp(cells.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s{2,}")).test(line),
      );
    expect(lineOf("Name", "Description", "Статус")).toBeDefined();
    expect(lineOf("alpha", "first row", "Готово")).toBeDefined();
    expect(lineOf("beta", "second row, 第二行", "Ждёт")).toBeDefined();
    // Columns line up: each header cell starts where its column's cells start.
    const header = lineOf("Name", "Description", "Статус")!;
    const row = lineOf("alpha", "first row", "Готово")!;
    expect(row.indexOf("first row")).toBe(header.indexOf("Description"));
    expect(row.indexOf("Готово")).toBe(header.indexOf("Статус"));
  });
});
