import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../src/env";
import { ApiError } from "../../src/lib/errors";
import { fetchPublicResource, parseIPv6 } from "../../src/lib/safe-fetch";

// A deployment that does not allow loopback fetches (the default outside tests).
const strictEnv = { ...(env as unknown as Env), ALLOW_LOOPBACK_FETCH: undefined } as Env;

const REFUSED = [
  // IPv4
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "100.64.0.1",
  "100.127.255.255",
  "127.0.0.1",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "192.0.0.170",
  "198.18.0.1",
  "198.19.255.255",
  "224.0.0.1",
  "239.255.255.250",
  "255.255.255.255",
  "0x7f.1",
  "2130706433",
  "localhost",
  "localhost.",
  "a.localhost",
  "printer.local",
  "metadata.google.internal",
  // IPv6
  "[::]",
  "[::1]",
  "[::127.0.0.1]",
  "[::7f00:1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:8.8.8.8]",
  "[::ffff:7f00:1]",
  "[64:ff9b::10.0.0.1]",
  "[64:ff9b::8.8.8.8]",
  "[fe80::1]",
  "[fe9f::1]",
  "[febf:ffff::1]",
  "[fec0::1]",
  "[feff::1]",
  "[fc00::1]",
  "[fd12:3456::1]",
  "[2002:7f00:1::]",
  "[2002:808:808::1]",
  "[2001::1]",
  "[2001:0:4136:e378::1]",
  "[2001:db8::1]",
  "[ff02::1]",
  "[100::1]",
  "[0:0:0:0:0:0:0:1]",
  "[4000::1]",
];
const ALLOWED = [
  "8.8.8.8",
  "1.1.1.1",
  "100.128.0.1",
  "172.32.0.1",
  "198.20.0.1",
  "example.com",
  "[2606:4700:4700::1111]",
  "[2a00:1450:4001::200e]",
  "[2001:4860::8888]",
];

describe("fetchPublicResource: SSRF checks (loopback not allowed)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses private, loopback, link-local, tunnelled and embedded-IPv4 addresses without touching the network", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response("should not be fetched"));
    for (const host of REFUSED) {
      const error = await fetchPublicResource(strictEnv, `http://${host}/x`, { maxBytes: 1024 }).catch(
        (e: unknown) => e,
      );
      expect(error, host).toBeInstanceOf(ApiError);
      expect((error as ApiError).status, host).toBe(400);
      expect((error as ApiError).message, host).toMatch(/Refusing to fetch/);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("fetches public addresses and hostnames", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("ok"));
    for (const host of ALLOWED) {
      const got = await fetchPublicResource(strictEnv, `http://${host}/x`, { maxBytes: 1024 });
      expect(new TextDecoder().decode(got.bytes), host).toBe("ok");
    }
    expect(fetchSpy).toHaveBeenCalledTimes(ALLOWED.length);
  });

  it("checks each redirect hop", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response(null, { status: 302, headers: { location: "http://[::ffff:a00:1]/" } }),
    );
    const error = await fetchPublicResource(strictEnv, "http://example.com/x", { maxBytes: 1024 }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).status).toBe(400);
  });
});

describe("parseIPv6", () => {
  it("expands :: and folds a dotted IPv4 tail", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6("2001:db8::")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ["1::2::3", "1:2:3", "1:2:3:4:5:6:7:8:9", "::1.2.3.256", "12345::", "g::1"])
      expect(parseIPv6(bad), bad).toBeUndefined();
  });
});
