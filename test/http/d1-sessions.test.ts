// Issue 11, part 4: every request runs in a D1 session; the client gets the session's bookmark back and may
// send it again to read its own writes through read replicas. Locally (no replicas) nothing else changes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { countingD1 } from "../../src/db/d1-stats";
import { api } from "../helpers/http";
import { seedSpace } from "../helpers/content";

describe("D1 sessions", () => {
  it("answers reads and writes with the session's bookmark, and reads with a bookmark sent back", async () => {
    const { owner, space } = await seedSpace();
    const write = await api("PATCH", `/spaces/${space.id}`, { token: owner.token, body: { title: "Renamed" } });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(/^[0-9A-Za-z-]+$/);
    const read = await api("GET", `/spaces/${space.id}`, {
      token: owner.token,
      headers: { "x-d1-bookmark": bookmark! },
    });
    expect(read.status).toBe(200);
    expect(read.json.title).toBe("Renamed");
    expect(read.headers.get("x-d1-bookmark")).toMatch(/^[0-9A-Za-z-]+$/);
  });

  it("runs the request's statements in one session of the binding, not on the binding itself", async () => {
    const { owner, space } = await seedSpace();
    let sessions = 0;
    const { database, counter } = countingD1(env.DB);
    const spied = new Proxy(database, {
      get(target, key) {
        if (key === "withSession")
          return (arg?: string) => {
            sessions++;
            return target.withSession(arg);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const res = await createApp().request(
      `https://api.quire.test/v1/spaces/${space.id}`,
      { headers: { authorization: `Bearer ${owner.token}` } },
      { ...env, DB: spied },
    );
    expect(res.status).toBe(200);
    expect(sessions).toBe(1);
    expect(counter.roundTrips).toBeGreaterThan(0);
  });

  it("refuses a malformed bookmark with 400 naming the header", async () => {
    const { owner, space } = await seedSpace();
    const res = await api("GET", `/spaces/${space.id}`, {
      token: owner.token,
      headers: { "x-d1-bookmark": "not a bookmark!" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { code: 400, message: expect.stringContaining("x-d1-bookmark") } });
  });

  it("never answers 500 to a well-formed bookmark D1 does not know", async () => {
    const { owner, space } = await seedSpace();
    for (const bookmark of [
      "00000000-00000000-00000000-00000000000000000000000000000000",
      "abc",
      "ffffffff-ffffffff",
    ]) {
      const res = await api("GET", `/spaces/${space.id}`, {
        token: owner.token,
        headers: { "x-d1-bookmark": bookmark },
      });
      expect([200, 400], bookmark).toContain(res.status);
    }
  });

  it("exposes the header to browsers (CORS)", async () => {
    const res = await api("OPTIONS", "/user", {
      headers: { origin: "https://docs.example", "access-control-request-method": "GET" },
    });
    expect(res.headers.get("access-control-allow-headers")).toMatch(/X-D1-Bookmark/i);
  });
});
