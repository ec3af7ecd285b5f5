import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { changeRequestWith, seedSpace } from "../helpers/content";

// Hostile and odd inputs on every content and change-request operation: each gets a 2xx or a 4xx, never a 500.
describe("content engine: no input produces a 500", () => {
  it("answers odd bodies, ids and queries with 2xx/4xx", async () => {
    const { space, owner } = await seedSpace();
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "P", document: { markdown: "p\n" } },
    ]);
    const page = pages[0];
    const changes: unknown[] = [
      null,
      "x",
      [],
      {},
      { changes: null },
      { changes: "x" },
      { changes: [null] },
      { changes: [{}] },
      { changes: [{ operation: "insert_page" }] },
      { changes: [{ operation: "insert_page", document: { markdown: 5 } }] },
      { changes: [{ operation: "insert_page", document: { markdown: "---\ntitle: [unclosed\n---\nx" } }] },
      { changes: [{ operation: "insert_page", document: { markdown: "---\n*a: &a [*a,*a,*a]\n---\n" } }] },
      { changes: [{ operation: "insert_page", document: { markdown: `${">".repeat(5000)} deep` } }] },
      { changes: [{ operation: "insert_page", document: { markdown: `${"- ".repeat(3000)}x` } }] },
      { changes: [{ operation: "insert_page", document: { markdown: "\u0000\uFFFF\uD800" } }] },
      {
        changes: [
          {
            operation: "insert_page",
            document: { document: { object: "document", data: {}, nodes: [{ object: "block" }] } },
          },
        ],
      },
      {
        changes: [
          { operation: "insert_page", document: { document: { object: "document", data: {}, nodes: [5, "x", null] } } },
        ],
      },
      { changes: [{ operation: "insert_page", into: "nope", document: {} }] },
      { changes: [{ operation: "insert_page", at: 99, document: {} }] },
      { changes: [{ operation: "insert_page", at: -1, document: {} }] },
      { changes: [{ operation: "insert_page", slug: "a/b", document: {} }] },
      { changes: [{ operation: "insert_page", title: "", document: {} }] },
      {
        changes: [
          { operation: "insert_page", ref: "r", document: {} },
          { operation: "insert_page", ref: "r", document: {} },
        ],
      },
      { changes: [{ operation: "update_page", page }] },
      { changes: [{ operation: "update_page", page, into: page }] },
      { changes: [{ operation: "update_page", page, at: 5 }] },
      { changes: [{ operation: "update_page", page: "nope", title: "x" }] },
      {
        changes: [
          { operation: "delete_page", page },
          { operation: "update_page", page, title: "gone" },
        ],
      },
      { changes: [{ operation: "revert_page", page }] },
      { changes: [{ operation: "revert_page", page, revision: "nope" }] },
      { changes: [{ operation: "revert_page", page, block: ["k"] }] },
      { changes: [{ operation: "insert_files", files: [] }] },
      { changes: [{ operation: "insert_files", files: [{ name: "x", url: "file:///etc/passwd" }] }] },
      { changes: [{ operation: "insert_files", files: [{ name: "x", url: "http://169.254.169.254/latest" }] }] },
      { changes: [{ operation: "insert_files", files: [{ name: "x", url: "http://[fe80::1]/" }] }] },
      { changes: [{ operation: "insert_files", files: [{ name: "x", contentType: "a", base64: "====" }] }] },
    ];
    for (const body of changes) {
      const res = await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
        token: owner.token,
        body: JSON.stringify(body),
      });
      expect(res.status, `${JSON.stringify(body).slice(0, 120)}: ${res.text}`).toBeLessThan(500);
    }
    const ids = ["nope", "0", "-1", "99999999999999999999", "%00", "a%2Fb", "' OR 1=1 --", "x".repeat(2000)];
    const paths = (id: string) => [
      `/spaces/${space.id}/change-requests/${id}`,
      `/spaces/${space.id}/change-requests/${id}/content`,
      `/spaces/${space.id}/change-requests/${id}/content/pages`,
      `/spaces/${space.id}/change-requests/${id}/changes?limit=abc`,
      `/spaces/${space.id}/revisions/${id}`,
      `/spaces/${space.id}/revisions/${id}/changes`,
      `/spaces/${space.id}/content/page/${id}?format=document`,
      `/spaces/${space.id}/content/path/${id}/${id}`,
      `/spaces/${space.id}/content/files/${id}`,
      `/spaces/${space.id}/documents/${id}`,
      `/spaces/${id}/content`,
      `/spaces/${space.id}/files/${id}/download?name=x&expires=1&signature=${id}`,
    ];
    for (const id of ids) {
      for (const path of paths(id)) {
        const res = await api("GET", path, { token: owner.token });
        expect(res.status, `${path}: ${res.text}`).toBeLessThan(500);
      }
      for (const action of ["merge", "update"]) {
        const res = await api("POST", `/spaces/${space.id}/change-requests/${id}/${action}`, { token: owner.token });
        expect(res.status, `${action} ${id}: ${res.text}`).toBeLessThan(500);
      }
    }
    for (const query of ["?status=nope", "?limit=1001", "?page=%%%", "?contributor=", "?status=merged&limit=0"]) {
      const res = await api("GET", `/spaces/${space.id}/change-requests${query}`, { token: owner.token });
      expect(res.status, `${query}: ${res.text}`).toBeLessThan(500);
    }
    for (const body of [
      null,
      "x",
      { subject: 5 },
      { status: "merged" },
      { status: null },
      { subject: "x".repeat(101) },
    ]) {
      const res = await api("PATCH", `/spaces/${space.id}/change-requests/${cr.id}`, {
        token: owner.token,
        body: JSON.stringify(body),
      });
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBeLessThan(500);
      const create = await api("POST", `/spaces/${space.id}/change-requests`, {
        token: owner.token,
        body: JSON.stringify(body),
      });
      expect(create.status, `create ${JSON.stringify(body)}: ${create.text}`).toBeLessThan(500);
    }
  }, 60_000);
});

describe("page body limits", () => {
  it("refuses deeply nested brackets and oversize bodies with 400, quickly", async () => {
    const { space, owner } = await seedSpace();
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "P", document: { markdown: "p\n" } },
    ]);
    const started = Date.now();
    const brackets = await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
      token: owner.token,
      body: {
        changes: [
          {
            operation: "insert_page",
            title: "B",
            document: { markdown: `# T\n\n${"[".repeat(50_000)}a${"]".repeat(50_000)}\n` },
          },
        ],
      },
    });
    expect(brackets.status).toBe(400);
    expect(brackets.json.error.message).toMatch(/brackets/);
    expect(Date.now() - started).toBeLessThan(5_000);
    const cjk = "文".repeat(700_000); // 2.1 MB of UTF-8 in 700,000 characters
    const big = await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
      token: owner.token,
      body: { changes: [{ operation: "insert_page", title: "Big", document: { markdown: cjk } }] },
    });
    expect(big.status).toBe(400);
    expect(big.json.error.message).toMatch(/bytes/);
  });
});
