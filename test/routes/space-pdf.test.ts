import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";
import { seedUser } from "../helpers/seed";
import { pdfText } from "../helpers/pdf-text";

async function pdfOf(url: string) {
  const res = await workerFetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).join(" ");
}

describe("getSpacePDF", () => {
  it("renders the space's primary content (not an open change request's), a page subtree, or one page", async () => {
    const s = await seedSpace("Manual");
    const merged = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", ref: "guide", title: "Guide Page", document: { markdown: "Guide body.\n" } },
      { operation: "insert_page", into: "guide", title: "Nested Page", document: { markdown: "Nested body.\n" } },
      { operation: "insert_page", title: "Other Page", document: { markdown: "Other body.\n" } },
    ]);
    await s.api.spaces.mergeChangeRequest(s.space.id, merged.cr.id);
    await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Unmerged Page", document: { markdown: "Not on main.\n" } },
    ]);

    const whole = await pdfOf(String((await s.api.spaces.getSpacePdf(s.space.id)).data.url));
    for (const title of ["Guide Page", "Nested Page", "Other Page", "Nested body."]) expect(whole).toContain(title);
    expect(whole).not.toContain("Unmerged Page");

    const guide = merged.pages[0]!;
    const subtree = await pdfOf(String((await s.api.spaces.getSpacePdf(s.space.id, { page: guide })).data.url));
    expect(subtree).toContain("Nested Page");
    expect(subtree).not.toContain("Other Page");
    const only = await pdfOf(
      String((await s.api.spaces.getSpacePdf(s.space.id, { page: guide, only: true })).data.url),
    );
    expect(only).toContain("Guide Page");
    expect(only).not.toContain("Nested Page");

    // The same content and options reuse the stored PDF.
    const again = String((await s.api.spaces.getSpacePdf(s.space.id)).data.url);
    const first = String((await s.api.spaces.getSpacePdf(s.space.id)).data.url);
    expect(new URL(again).pathname).toBe(new URL(first).pathname);
    // A renamed space prints its new title: another PDF, though the revision is the same.
    await s.api.spaces.updateSpaceById(s.space.id, { title: "Renamed manual" });
    const renamed = String((await s.api.spaces.getSpacePdf(s.space.id)).data.url);
    expect(new URL(renamed).pathname).not.toBe(new URL(first).pathname);
    const bytes = new Uint8Array(await (await workerFetch(renamed)).arrayBuffer());
    expect((await PDFDocument.load(bytes)).getTitle()).toBe("Renamed manual");

    expect((await clientError(s.api.spaces.getSpacePdf(s.space.id, { page: "missing" }))).code).toBe(404);
    expect((await clientError(s.api.spaces.getSpacePdf(s.space.id, { only: true }))).code).toBe(400);
  });

  it("answers 401 without a token, 404 to outsiders, and lets readers export", async () => {
    const s = await seedSpace();
    expect((await api("GET", `/spaces/${s.space.id}/pdf`)).status).toBe(401);
    const outsider = await seedUser("outsider");
    expect((await clientError(client(outsider.token).spaces.getSpacePdf(s.space.id))).code).toBe(404);
    const reader = await seedSpaceMember(s.organization.id, "read");
    const url = String((await client(reader.token).spaces.getSpacePdf(s.space.id)).data.url);
    expect((await workerFetch(url)).status).toBe(200);
  });
});
