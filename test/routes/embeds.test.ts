import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedSpace } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, clientError } from "../helpers/http";
import { seedOrganization, seedUser } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;
const embedPath = (url: string) => `/urls/embed?url=${encodeURIComponent(url)}`;

describe("getEmbedByUrl (0.202)", () => {
  it("reads a page's OpenGraph tags and icon, entities decoded and URLs made absolute", async () => {
    const { token } = await seedUser("embedder");
    const res = await currentClient(token).urls.getEmbedByUrl({ url: `${origin}/embed/og.html` });
    expect(res.status).toBe(200);
    expectCurrentShape("Embed", res.data);
    expect(res.data).toEqual({
      type: "link",
      title: "Open & Graph",
      site: "Fixture Site",
      icon: `${origin}/embed/favicon.ico`,
      description: "A page about things.",
      image: `${origin}/embed/preview.png`,
    });
    // The pinned 0.137 client has the same operation and Embed shape.
    const pinned = await client(token).urls.getEmbedByUrl({ url: `${origin}/embed/og.html` });
    expect(pinned.data).toEqual(res.data);
  });

  it("falls back to <title> and the host name, and to the file name for what is not HTML", async () => {
    const { token } = await seedUser("embedder");
    const gb = currentClient(token);
    const page = await gb.urls.getEmbedByUrl({ url: `${origin}/embed/title.html` });
    expectCurrentShape("Embed", page.data);
    expect(page.data).toEqual({ type: "link", title: "Plain & simple", site: "127.0.0.1" });
    const image = await gb.urls.getEmbedByUrl({ url: `${origin}/site/img/logo.png` });
    expectCurrentShape("Embed", image.data);
    expect(image.data).toEqual({ type: "link", title: "logo.png", site: "127.0.0.1" });
  });

  it("answers the provider's oEmbed HTML when the page advertises it, and the page's tags when it fails", async () => {
    const { token } = await seedUser("embedder");
    const gb = currentClient(token);
    const video = await gb.urls.getEmbedByUrl({ url: `${origin}/embed/video.html` });
    expectCurrentShape("Embed", video.data);
    expect(video.data).toEqual({
      type: "rich",
      title: "A video",
      site: "Fixture Video",
      icon: "https://cdn.example/v.png",
      image: "https://cdn.example/thumb.jpg",
      html: '<iframe src="https://player.example/1" width="480" height="270"></iframe>',
    });
    const broken = await gb.urls.getEmbedByUrl({ url: `${origin}/embed/broken-oembed.html` });
    expect(broken.data).toEqual({ type: "link", title: "Broken provider", site: "127.0.0.1" });
  });

  it("reads only the first bytes of a large page", async () => {
    const { token } = await seedUser("embedder");
    const big = await currentClient(token).urls.getEmbedByUrl({ url: `${origin}/embed/big.html` });
    expect(big.data).toEqual({ type: "link", title: "Big page", site: "127.0.0.1" });
  });

  it("keeps a resolved embed in the cache: the page is fetched once", async () => {
    const { token } = await seedUser("embedder");
    const gb = currentClient(token);
    const key = crypto.randomUUID();
    const url = `${origin}/embed/counter.html?key=${key}`;
    expect((await gb.urls.getEmbedByUrl({ url })).data.title).toBe("Visit 1");
    expect((await gb.urls.getEmbedByUrl({ url })).data.title).toBe("Visit 1");
    // Another caller, through the space form: the same public metadata, still not fetched again.
    const s = await seedSpace();
    expect((await currentClient(s.owner.token).spaces.getEmbedByUrlInSpace(s.space.id, { url })).data.title).toBe(
      "Visit 1",
    );
    const other = `${origin}/embed/counter.html?key=${key}-other`;
    expect((await gb.urls.getEmbedByUrl({ url: other })).data.title).toBe("Visit 1");
    expect((await gb.urls.getEmbedByUrl({ url: other })).data.title).toBe("Visit 1");
  });

  it("answers a clear 4xx for private, unreachable, failing and slow hosts, never a 500", async () => {
    const { token } = await seedUser("embedder");
    const cases: [string, number, RegExp][] = [
      ["http://10.0.0.1/secret", 400, /private, loopback and link-local addresses are not allowed/],
      ["http://169.254.169.254/latest/meta-data/", 400, /not allowed/],
      ["http://[::ffff:127.0.0.1]/", 400, /not allowed/],
      [`${origin}/redirect-private`, 400, /10\.0\.0\.1.*not allowed/],
      ["http://127.0.0.1:1/unreachable", 422, /Could not fetch/],
      [`${origin}/embed/missing.html`, 422, /answered 404/],
      [`${origin}/embed/slow.html`, 422, /Could not read/],
    ];
    for (const [url, status, message] of cases) {
      const started = Date.now();
      const res = await api("GET", embedPath(url), { token });
      expect({ url, status: res.status }).toEqual({ url, status });
      expect(res.json.error).toMatchObject({ code: status, message: expect.stringMatching(message) });
      expect(Date.now() - started).toBeLessThan(8000);
    }
  });

  it("answers 400 for a URL that is not http(s), and 401 without a token", async () => {
    const { token } = await seedUser("embedder");
    for (const url of [
      "",
      "not a url",
      "ftp://example.com/x",
      "javascript:alert(1)",
      `https://x.test/${"a".repeat(2048)}`,
    ]) {
      const res = await api("GET", embedPath(url), { token });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.json.error.message).toMatch(/^query\.url: /);
    }
    expect((await api("GET", "/urls/embed", { token })).status).toBe(400);
    const anonymous = await api("GET", embedPath(`${origin}/embed/og.html`));
    expect(anonymous.status).toBe(401);
    const error = await clientError(currentClient().urls.getEmbedByUrl({ url: `${origin}/embed/og.html` }));
    expect(error).toMatchObject({ code: 401 });
  });
});

describe("getEmbedByUrlInSpace (0.202)", () => {
  it("resolves a URL for the space's members, 404 to another organization, 401 without a token", async () => {
    const s = await seedSpace();
    const res = await currentClient(s.owner.token).spaces.getEmbedByUrlInSpace(s.space.id, {
      url: `${origin}/embed/og.html`,
    });
    expectCurrentShape("Embed", res.data);
    expect(res.data).toMatchObject({ type: "link", title: "Open & Graph", site: "Fixture Site" });
    const path = `/spaces/${s.space.id}/embed?url=${encodeURIComponent(`${origin}/embed/og.html`)}`;
    const outsider = (await seedOrganization("Elsewhere")).owner;
    const across = await api("GET", path, { token: outsider.token });
    expect(across.status).toBe(404);
    expect(across.json.error.code).toBe(404);
    expect(
      (await api("GET", `/spaces/nope/embed?url=${encodeURIComponent(origin)}`, { token: s.owner.token })).status,
    ).toBe(404);
    expect((await api("GET", path)).status).toBe(401);
    const bad = await api("GET", `/spaces/${s.space.id}/embed?url=nope`, { token: s.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^query\.url: /);
  });
});
