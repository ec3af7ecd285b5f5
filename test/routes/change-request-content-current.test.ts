import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { seedSpace } from "../helpers/content";
import { seedOrganization } from "../helpers/seed";

// updateChangeRequestContent through the 0.202 client, as its document states the request and both responses.

async function setup() {
  const s = await seedSpace("Batch");
  const { data: cr } = await currentClient(s.owner.token).spaces.createChangeRequest(s.space.id, { subject: "Batch" });
  return { ...s, cr };
}

describe("updateChangeRequestContent (0.202)", () => {
  it("answers the ChangeRequest by default (compat=true), in the shape the 0.202 client accepts", async () => {
    const s = await setup();
    const res = await currentClient(s.owner.token).spaces.updateChangeRequestContent(s.space.id, s.cr.id, {
      changes: [
        { operation: "insert_page", title: "New page", document: { markdown: "# New page\n\nThis is a new page.\n" } },
      ],
    });
    expect(res.status).toBe(200);
    expectCurrentShape("ChangeRequest", res.data);
    expect(res.data).toMatchObject({ object: "change-request", id: s.cr.id, space: s.space.id });
    expect((res.data as { revision: string }).revision).not.toBe(s.cr.revision);
  });

  it("answers the ChangeRequestContentUpdate with compat=false: pages by ref, and the inserted files", async () => {
    const s = await setup();
    const res = await currentClient(s.owner.token).spaces.updateChangeRequestContent(
      s.space.id,
      s.cr.id,
      {
        changes: [
          { operation: "insert_page", ref: "intro", document: { markdown: "# Introduction\n\nHello.\n" } },
          {
            operation: "insert_files",
            files: [{ ref: "logo.txt", name: "logo.txt", contentType: "text/plain", base64: btoa("logo") }],
          },
        ],
      },
      { compat: false },
    );
    expect(res.status).toBe(200);
    expectCurrentShape("ChangeRequestContentUpdate", res.data);
    const update = res.data as { changeRequest: { space: string }; changes: any[]; insertedFiles: any[] };
    expect(update.changeRequest.space).toBe(s.space.id);
    expect(update.changes).toEqual([
      expect.objectContaining({
        object: "created_page",
        ref: "intro",
        page: expect.objectContaining({ object: "page" }),
      }),
    ]);
    expect(update.insertedFiles).toEqual([expect.objectContaining({ name: "logo.txt", size: 4 })]);

    // Update then delete the page by the id the batch gave it: updated_page, then deleted_page.
    const pageId = update.changes[0].page.id as string;
    const updated = await currentClient(s.owner.token).spaces.updateChangeRequestContent(
      s.space.id,
      s.cr.id,
      { changes: [{ operation: "update_page", page: pageId, title: "Intro", slug: "intro" }] },
      { compat: false },
    );
    expectCurrentShape("ChangeRequestContentUpdate", updated.data);
    expect((updated.data as { changes: unknown[] }).changes).toEqual([
      expect.objectContaining({ object: "updated_page", page: expect.objectContaining({ id: pageId }) }),
    ]);
    const deleted = await currentClient(s.owner.token).spaces.updateChangeRequestContent(
      s.space.id,
      s.cr.id,
      { changes: [{ operation: "delete_page", page: pageId }] },
      { compat: false },
    );
    expectCurrentShape("ChangeRequestContentUpdate", deleted.data);
    expect((deleted.data as { changes: unknown[] }).changes).toEqual([{ object: "deleted_page", page: pageId }]);
  });

  it("answers 400 in the contract's body, 401 without a token, 404 across organizations", async () => {
    const s = await setup();
    const path = `/spaces/${s.space.id}/change-requests/${s.cr.id}/content`;
    const empty = await api("POST", path, { token: s.owner.token, body: { changes: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ error: { code: 400, message: expect.stringMatching(/^body\.changes/) } });
    const unknown = await api("POST", path, { token: s.owner.token, body: { changes: [{ operation: "rename" }] } });
    expect(unknown.status).toBe(400);
    expect((await api("POST", path, { body: { changes: [{ operation: "delete_page", page: "x" }] } })).status).toBe(
      401,
    );
    const other = await seedOrganization("Elsewhere");
    const refused = await clientError(
      currentClient(other.owner.token).spaces.updateChangeRequestContent(s.space.id, s.cr.id, {
        changes: [{ operation: "delete_page", page: "x" }],
      }),
    );
    expect(refused.code).toBe(404);
  });
});
