// Issue 11, part 4: with read replication on (D1_READ_REPLICATION="auto") every request runs in a D1 session; the
// client gets the session's bookmark back and may send it again to read its own writes through read replicas.
// With it off (the default) requests use the binding itself: every read is the primary's, no bookmark is answered,
// and one a client sends is checked and needs nothing more.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { countingD1 } from "../../src/db/d1-stats";
import type { Env } from "../../src/env";
import { api } from "../helpers/http";
import { seedSpace } from "../helpers/content";

const app = createApp();

/** A /v1 request to the app with the database's read replication mode and, optionally, another binding. */
async function call(
  replication: "auto" | "disabled",
  method: string,
  path: string,
  opts: { token: string; body?: unknown; headers?: Record<string, string>; DB?: D1Database },
) {
  const res = await app.request(
    `https://api.quire.test/v1${path}`,
    {
      method,
      headers: { authorization: `Bearer ${opts.token}`, "content-type": "application/json", ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    },
    { ...(env as Env), D1_READ_REPLICATION: replication, DB: opts.DB ?? env.DB },
  );
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

/** The binding, counting the sessions opened on it. */
function sessionCounting() {
  const { database } = countingD1(env.DB);
  const spied = {
    sessions: 0,
    DB: new Proxy(database, {
      get(target, key) {
        if (key === "withSession")
          return (arg?: string) => {
            spied.sessions++;
            return target.withSession(arg);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }),
  };
  return spied;
}

describe("D1 sessions, read replication on", () => {
  it("answers reads and writes with the session's bookmark, and reads with a bookmark sent back", async () => {
    const { owner, space } = await seedSpace();
    const write = await call("auto", "PATCH", `/spaces/${space.id}`, {
      token: owner.token,
      body: { title: "Renamed" },
    });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(/^[0-9A-Za-z-]+$/);
    const read = await call("auto", "GET", `/spaces/${space.id}`, {
      token: owner.token,
      headers: { "x-d1-bookmark": bookmark! },
    });
    expect(read.status).toBe(200);
    expect(read.json.title).toBe("Renamed");
    expect(read.headers.get("x-d1-bookmark")).toMatch(/^[0-9A-Za-z-]+$/);
  });

  it("runs the request's statements in one session of the binding, not on the binding itself", async () => {
    const { owner, space } = await seedSpace();
    const spied = sessionCounting();
    const res = await call("auto", "GET", `/spaces/${space.id}`, { token: owner.token, DB: spied.DB });
    expect(res.status).toBe(200);
    expect(spied.sessions).toBe(1);
  });

  it("never answers 500 to a well-formed bookmark D1 does not know", async () => {
    const { owner, space } = await seedSpace();
    for (const bookmark of [
      "00000000-00000000-00000000-00000000000000000000000000000000",
      "abc",
      "ffffffff-ffffffff",
    ]) {
      const res = await call("auto", "GET", `/spaces/${space.id}`, {
        token: owner.token,
        headers: { "x-d1-bookmark": bookmark },
      });
      expect([200, 400], bookmark).toContain(res.status);
    }
  });
});

describe("D1 sessions, read replication off (the default)", () => {
  it("is what the Worker runs with unless configured", () => {
    expect((env as Env).D1_READ_REPLICATION ?? "disabled").toBe("disabled");
  });

  it("opens no session and answers no bookmark; a read sees the write before it", async () => {
    const { owner, space } = await seedSpace();
    const spied = sessionCounting();
    const write = await call("disabled", "PATCH", `/spaces/${space.id}`, {
      token: owner.token,
      body: { title: "Renamed off" },
      DB: spied.DB,
    });
    expect(write.status).toBe(200);
    expect(write.headers.has("x-d1-bookmark")).toBe(false);
    const read = await call("disabled", "GET", `/spaces/${space.id}`, { token: owner.token, DB: spied.DB });
    expect(read.json.title).toBe("Renamed off");
    expect(read.headers.has("x-d1-bookmark")).toBe(false);
    expect(spied.sessions).toBe(0);
  });

  it("accepts a well-formed bookmark a client kept from a replicated deployment (the primary is fresher)", async () => {
    const { owner, space } = await seedSpace();
    const res = await api("GET", `/spaces/${space.id}`, {
      token: owner.token,
      headers: { "x-d1-bookmark": "00000000-00000000-00000000-00000000000000000000000000000000" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.has("x-d1-bookmark")).toBe(false);
  });
});

describe("D1 bookmarks, either mode", () => {
  it("refuses a malformed bookmark with 400 naming the header", async () => {
    const { owner, space } = await seedSpace();
    for (const replication of ["auto", "disabled"] as const) {
      const res = await call(replication, "GET", `/spaces/${space.id}`, {
        token: owner.token,
        headers: { "x-d1-bookmark": "not a bookmark!" },
      });
      expect(res.status, replication).toBe(400);
      expect(res.json).toEqual({ error: { code: 400, message: expect.stringContaining("x-d1-bookmark") } });
    }
  });

  it("exposes the header to browsers (CORS)", async () => {
    const res = await api("OPTIONS", "/user", {
      headers: { origin: "https://docs.example", "access-control-request-method": "GET" },
    });
    expect(res.headers.get("access-control-allow-headers")).toMatch(/X-D1-Bookmark/i);
  });
});
