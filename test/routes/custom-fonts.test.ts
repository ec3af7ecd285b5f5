import { StorageUploadKind } from "gitbook-api-current";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { siteUsingFonts, uploadFont, woff2Bytes } from "../helpers/fonts";
import { api, clientError, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

const fileCount = async (organizationId: string) =>
  (await env.STORAGE.list({ prefix: `orgs/${organizationId}/fonts/` })).objects.length;

describe("custom fonts", () => {
  it("creates a font from uploaded files, served for good at an immutable URL per file once a public site uses it", async () => {
    const { organization, owner } = await seedOrganization("Typefaces");
    const gb = currentClient(owner.token);
    const regular = woff2Bytes(10);
    const bold = woff2Bytes(11);
    const created = await gb.orgs.createCustomFont(organization.id, {
      fontFamily: "Brand Sans",
      fontFaces: [
        { weight: 400, storageKey: await uploadFont(owner.token, organization.id, regular) },
        { weight: 700, storageKey: await uploadFont(owner.token, organization.id, bold) },
      ],
    });
    expect(created.status).toBe(201);
    expectCurrentShape("CustomizationFontDefinition", created.data);
    expect(created.data).toMatchObject({ custom: true, fontFamily: "Brand Sans", permissions: { edit: true } });
    expect(created.data.fontFaces.map((f) => f.weight)).toEqual([400, 700]);
    const source = created.data.fontFaces[0]!.sources[0]!;
    expect(source.format).toBe("woff2");
    expect(source.url).toMatch(
      new RegExp(`^https://api\\.quire\\.test/~site/~fonts/${organization.id}/[0-9a-f]{64}\\.woff2$`),
    );

    // No site uses it yet: its shared URL serves nothing (the file is the organization's own).
    expect((await workerFetch(source.url)).status).toBe(404);
    await siteUsingFonts(owner.token, organization.id, [created.data]);
    const file = await workerFetch(source.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("font/woff2");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(regular);
    const etag = file.headers.get("etag")!;
    expect((await workerFetch(source.url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // Another organization's path to the same hash is nothing.
    const other = await seedOrganization("Other");
    expect((await workerFetch(source.url.replace(organization.id, other.organization.id))).status).toBe(404);

    const read = await gb.orgs.getCustomFont(organization.id, created.data.id);
    expect(read.data).toEqual(created.data);
  });

  it("members read (edit: false), admins write; 401, 403 and 404 across the boundary", async () => {
    const { organization, owner } = await seedOrganization("Readers");
    const outsider = await seedOrganization("Outsiders");
    const reader = await seedMember(organization.id, "read");
    const font = (
      await currentClient(owner.token).orgs.createCustomFont(organization.id, {
        fontFamily: "House",
        fontFaces: [{ weight: 400, storageKey: await uploadFont(owner.token, organization.id) }],
      })
    ).data;
    const asReader = currentClient(reader.token);
    const list = (await asReader.orgs.listCustomFonts(organization.id)).data;
    expect(list.count).toBe(1);
    expect(list.items.map((f) => f.id)).toEqual([font.id]);
    expectCurrentShape("CustomizationFontDefinition", list.items[0]);
    expect(list.items[0]!.permissions.edit).toBe(false);
    expect((await asReader.orgs.getCustomFont(organization.id, font.id)).data.permissions.edit).toBe(false);

    const body = { fontFamily: "Nope", fontFaces: [{ weight: 400, storageKey: "orgs/x/uploads/y" }] };
    expect((await clientError(asReader.orgs.createCustomFont(organization.id, body))).code).toBe(403);
    expect(
      (await clientError(asReader.orgs.updateCustomFont(organization.id, font.id, { fontFamily: "X" }))).code,
    ).toBe(403);
    expect((await clientError(asReader.orgs.deleteCustomFont(organization.id, font.id))).code).toBe(403);

    const stranger = currentClient(outsider.owner.token);
    expect((await clientError(stranger.orgs.listCustomFonts(organization.id))).code).toBe(404);
    expect((await clientError(stranger.orgs.getCustomFont(organization.id, font.id))).code).toBe(404);
    // Through the stranger's own organization, the font is not theirs either.
    expect((await clientError(stranger.orgs.getCustomFont(outsider.organization.id, font.id))).code).toBe(404);
    expect((await stranger.orgs.deleteCustomFont(outsider.organization.id, font.id)).status).toBe(204);
    expect((await api("GET", `/orgs/${organization.id}/fonts`)).status).toBe(401);
    expect((await currentClient(owner.token).orgs.getCustomFont(organization.id, font.id)).status).toBe(200);
  });

  it("refuses a font without weight 400, with files not uploaded here, or other bad bodies: 400 naming the field", async () => {
    const { organization, owner } = await seedOrganization("Strict");
    const other = await seedOrganization("Foreign");
    const gb = currentClient(owner.token);
    const key = await uploadFont(owner.token, organization.id);
    const noRegular = await clientError(
      gb.orgs.createCustomFont(organization.id, {
        fontFamily: "Bold Only",
        fontFaces: [{ weight: 700, storageKey: key }],
      }),
    );
    expect(noRegular.code).toBe(400);
    expect(noRegular.errorMessage).toBe("body.fontFaces: a font needs a face of weight 400 (regular)");
    const foreignKey = await uploadFont(other.owner.token, other.organization.id);
    const foreign = await api("PUT", `/orgs/${organization.id}/fonts`, {
      token: owner.token,
      body: { fontFamily: "Stolen", fontFaces: [{ weight: 400, storageKey: foreignKey }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.code).toBe(400);
    expect(foreign.json.error.message).toMatch(/^body\.fontFaces\.0\.storageKey: /);
    // Generated but never uploaded: no file behind the key.
    const unused = (
      await gb.orgs.generateStorageUploadUrl(organization.id, {
        kind: StorageUploadKind.CustomizationFont,
        file: { name: "a.woff2", type: "font/woff2", size: 64 },
      })
    ).data.key;
    const empty = await api("PUT", `/orgs/${organization.id}/fonts`, {
      token: owner.token,
      body: { fontFamily: "Empty", fontFaces: [{ weight: 400, storageKey: unused }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/^body\.fontFaces\.0\.storageKey: /);

    const twice = await api("PUT", `/orgs/${organization.id}/fonts`, {
      token: owner.token,
      body: {
        fontFamily: "Twice",
        fontFaces: [
          { weight: 400, storageKey: key },
          { weight: 400, storageKey: key },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.json.error.message).toBe("body.fontFaces: must not list a weight twice");
    const long = await api("PUT", `/orgs/${organization.id}/fonts`, {
      token: owner.token,
      body: { fontFamily: "x".repeat(51), fontFaces: [{ weight: 400, storageKey: key }] },
    });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/^body\.fontFamily: /);
    const heavy = await api("PUT", `/orgs/${organization.id}/fonts`, {
      token: owner.token,
      body: { fontFamily: "Heavy", fontFaces: [{ weight: 1001, storageKey: key }] },
    });
    expect(heavy.json.error.message).toMatch(/^body\.fontFaces\.0\.weight: /);
    expect((await gb.orgs.listCustomFonts(organization.id)).data.items).toEqual([]);
  });

  it("updates faces by weight (null removes one), keeps weight 400, and deletes files no font uses", async () => {
    const { organization, owner } = await seedOrganization("Updates");
    const gb = currentClient(owner.token);
    const regularKey = await uploadFont(owner.token, organization.id, woff2Bytes(20));
    const font = (
      await gb.orgs.createCustomFont(organization.id, {
        fontFamily: "Evolving",
        fontFaces: [{ weight: 400, storageKey: regularKey }],
      })
    ).data;
    // A second font sharing the regular file.
    const twin = (
      await gb.orgs.createCustomFont(organization.id, {
        fontFamily: "Twin",
        fontFaces: [{ weight: 400, storageKey: regularKey }],
      })
    ).data;
    const boldKey = await uploadFont(owner.token, organization.id, woff2Bytes(21));
    const updated = await gb.orgs.updateCustomFont(organization.id, font.id, {
      fontFamily: "Evolved",
      fontFaces: [{ weight: 700, storageKey: boldKey }],
    });
    expect(updated.status).toBe(201);
    expectCurrentShape("CustomizationFontDefinition", updated.data);
    expect(updated.data.fontFamily).toBe("Evolved");
    expect(updated.data.fontFaces.map((f) => f.weight)).toEqual([400, 700]);
    expect(await fileCount(organization.id)).toBe(2);

    // A public site uses both fonts: their shared URLs serve while the files exist.
    await siteUsingFonts(owner.token, organization.id, [updated.data, twin]);
    const boldUrl = updated.data.fontFaces[1]!.sources[0]!.url;
    expect((await workerFetch(boldUrl)).status).toBe(200);
    const removed = await gb.orgs.updateCustomFont(organization.id, font.id, {
      fontFaces: [{ weight: 700, storageKey: null }],
    });
    expect(removed.data.fontFaces.map((f) => f.weight)).toEqual([400]);
    expect(removed.data.fontFamily).toBe("Evolved");
    // The bold file was this font's alone: gone from R2 and no longer served (the site still names it).
    expect(await fileCount(organization.id)).toBe(1);
    expect((await workerFetch(boldUrl)).status).toBe(404);

    const noRegular = await clientError(
      gb.orgs.updateCustomFont(organization.id, font.id, { fontFaces: [{ weight: 400, storageKey: null }] }),
    );
    expect(noRegular.code).toBe(400);
    expect(noRegular.errorMessage).toMatch(/^body\.fontFaces: /);
    expect((await gb.orgs.getCustomFont(organization.id, font.id)).data.fontFaces).toHaveLength(1);
    // A bad key is named by its place in the request, after the removals before it.
    const badKey = await api("POST", `/orgs/${organization.id}/fonts/${font.id}`, {
      token: owner.token,
      body: {
        fontFaces: [
          { weight: 700, storageKey: null },
          { weight: 800, storageKey: `orgs/${organization.id}/uploads/nothing` },
        ],
      },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.json.error.message).toMatch(/^body\.fontFaces\.1\.storageKey: /);

    // Deleting: 205, then 204; the shared file stays while the twin uses it, and goes with the last font.
    expect((await gb.orgs.deleteCustomFont(organization.id, font.id)).status).toBe(205);
    expect((await gb.orgs.deleteCustomFont(organization.id, font.id)).status).toBe(204);
    expect((await clientError(gb.orgs.getCustomFont(organization.id, font.id))).code).toBe(404);
    expect(await fileCount(organization.id)).toBe(1);
    const twinUrl = twin.fontFaces[0]!.sources[0]!.url;
    expect((await workerFetch(twinUrl)).status).toBe(200);
    expect((await gb.orgs.deleteCustomFont(organization.id, twin.id)).status).toBe(205);
    expect(await fileCount(organization.id)).toBe(0);
    expect((await workerFetch(twinUrl)).status).toBe(404);
  });
});
