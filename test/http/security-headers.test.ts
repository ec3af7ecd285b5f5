// Security headers: JSON API responses carry the ones that act on an API response, pages a browser renders all.
import { describe, expect, it } from "vitest";
import { seedSpace } from "../helpers/content";
import { api, workerFetch } from "../helpers/http";

const API_HEADERS = {
  "strict-transport-security": "max-age=15552000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "cross-origin-resource-policy": "cross-origin",
};
const DOCUMENT_ONLY = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describe("security headers", () => {
  it("sends an API response the headers that act on it, errors included", async () => {
    const { space, owner } = await seedSpace();
    for (const res of [
      await api("GET", `/spaces/${space.id}`, { token: owner.token }),
      await api("GET", "/spaces/nope", { token: owner.token }),
    ]) {
      for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), name).toBe(value);
      for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), name).toBeNull();
    }
  });

  it("sends a rendered page every header", async () => {
    const res = await workerFetch("https://api.quire.test/reference");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), name).not.toBeNull();
  });
});
