import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { createRouter, defineRoute } from "../../src/http/router";
import { onError } from "../../src/http/errors";
import { queryArray, queryBoolean } from "../../src/wire/common";

// A throwaway router built with the same helpers as every route: repeated query keys arrive as arrays
// and booleans as "true"/"false", as the official client sends them (CONTRACT §1).
const route = defineRoute({
  method: "get",
  path: "/echo",
  operationId: "echo",
  anonymous: true,
  request: { query: z.object({ authors: queryArray(z.string()), nested: queryBoolean(true) }) },
  responses: { 200: { description: "echo", content: { "application/json": { schema: z.any() } } } },
});
const app = createRouter().openapi(route, (c) => c.json(c.req.valid("query"), 200));
app.onError(onError);

describe("query parameters", () => {
  it("reads repeated keys as arrays and a single key as a one-item array", async () => {
    expect(await (await app.request("/echo?authors=a&authors=b")).json()).toEqual({
      authors: ["a", "b"],
      nested: true,
    });
    expect(await (await app.request("/echo?authors=a&nested=false")).json()).toEqual({ authors: ["a"], nested: false });
    expect(await (await app.request("/echo")).json()).toEqual({ nested: true });
  });

  it("refuses a boolean that is not true/false with the 400 body", async () => {
    const res = await app.request("/echo?nested=maybe");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 400, message: expect.stringMatching(/^query\.nested/) } });
  });
});
