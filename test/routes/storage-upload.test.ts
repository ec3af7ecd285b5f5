import { StorageUploadKind } from "gitbook-api-current";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { purgeStaleUploads } from "../../src/services/storage";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { putUpload, uploadFont, woff2Bytes } from "../helpers/fonts";
import { api, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

const fontRequest = (size: number) => ({
  kind: StorageUploadKind.CustomizationFont,
  file: { name: "brand.woff2", type: "font/woff2", size },
});

const uploadRow = (id: string) =>
  env.DB.prepare("SELECT uploaded_at, size, hash FROM storage_uploads WHERE id = ?")
    .bind(id)
    .first<{ uploaded_at: number | null; size: number | null; hash: string | null }>();

describe("generateStorageUploadURL and its signed one-time URL", () => {
  afterEach(() => vi.useRealTimers());

  it("signs a URL on this API that takes the bytes once, into R2 under their hash", async () => {
    const { organization, owner } = await seedOrganization("Uploads");
    const bytes = woff2Bytes(1);
    const res = await currentClient(owner.token).orgs.generateStorageUploadUrl(
      organization.id,
      fontRequest(bytes.byteLength),
    );
    expect(res.status).toBe(201);
    expectCurrentShape("StorageUploadURL", res.data);
    const url = new URL(res.data.url);
    expect(url.origin).toBe("https://api.quire.test");
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const uploadId = url.pathname.split("/").at(-1)!;
    expect(res.data.key).toBe(`orgs/${organization.id}/uploads/${uploadId}`);

    expect((await putUpload(res.data.url, bytes)).status).toBe(204);
    const row = await uploadRow(uploadId);
    expect(row).toMatchObject({ size: bytes.byteLength });
    const stored = await env.STORAGE.get(`orgs/${organization.id}/fonts/${row!.hash}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(stored!.httpMetadata?.contentType).toBe("font/woff2");

    // One use only: the second upload is refused and changes nothing.
    const again = await putUpload(res.data.url, woff2Bytes(2));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: number } }).error.code).toBe(409);
    expect((await uploadRow(uploadId))!.hash).toBe(row!.hash);
  });

  it("refuses a tampered, foreign or expired URL (403), and bodies past the declared size (413)", async () => {
    const { organization, owner } = await seedOrganization("Refusals");
    const other = await seedOrganization("Elsewhere");
    const gb = currentClient(owner.token);
    const bytes = woff2Bytes(3);
    const { data } = await gb.orgs.generateStorageUploadUrl(organization.id, fontRequest(bytes.byteLength));
    const uploadId = new URL(data.url).pathname.split("/").at(-1)!;

    const tampered = new URL(data.url);
    tampered.searchParams.set("expires", String(Number(tampered.searchParams.get("expires")) + 3600));
    expect((await putUpload(tampered.toString(), bytes)).status).toBe(403);
    const garbage = new URL(data.url);
    garbage.searchParams.set("signature", "nope");
    expect((await putUpload(garbage.toString(), bytes)).status).toBe(403);
    // The same id and signature under another organization's path: the signature covers the organization.
    const moved = data.url.replace(organization.id, other.organization.id);
    expect((await putUpload(moved, bytes)).status).toBe(403);

    // Past the declared size, whether Content-Length says so or the stream only shows it.
    const larger = woff2Bytes(3, bytes.byteLength + 1);
    expect((await putUpload(data.url, larger)).status).toBe(413);
    const stream = new Blob([larger]).stream();
    const streamed = await putUpload(data.url, stream as never, {});
    expect(streamed.status).toBe(413);
    // Not a font: refused (400), and none of these used the URL up.
    const text = await putUpload(data.url, new TextEncoder().encode("<svg>not a font at all</svg>"));
    expect(text.status).toBe(400);
    expect((await uploadRow(uploadId))!.uploaded_at).toBeNull();

    // An hour later the URL is expired (403) and still unused.
    vi.useFakeTimers({ now: Date.now() + 3601_000, toFake: ["Date"] });
    expect((await putUpload(data.url, bytes)).status).toBe(403);
    vi.useRealTimers();
    expect((await uploadRow(uploadId))!.uploaded_at).toBeNull();
    expect((await putUpload(data.url, bytes)).status).toBe(204);
  });

  it("validates the request (400), 401 without a token, 403 for members, 404 across organizations", async () => {
    const { organization, owner } = await seedOrganization("Guarded");
    const outsider = await seedOrganization("Outside");
    const reader = await seedMember(organization.id, "read");
    const path = `/orgs/${organization.id}/storage/upload`;

    const tooBig = await api("POST", path, { token: owner.token, body: fontRequest(5 * 1024 * 1024 + 1) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.error.message).toMatch(/^body\.file\.size: .*over the 5242880-byte limit/);
    const badKind = await api("POST", path, { token: owner.token, body: { ...fontRequest(10), kind: "avatar" } });
    expect(badKind.status).toBe(400);
    expect(badKind.json.error.message).toMatch(/^body\.kind: /);
    const noSize = await api("POST", path, { token: owner.token, body: { kind: "import_file", file: { name: "a" } } });
    expect(noSize.json.error.message).toMatch(/^body\.file\.type: /);

    expect((await api("POST", path, { body: fontRequest(10) })).status).toBe(401);
    expect(
      (await clientError(currentClient(reader.token).orgs.generateStorageUploadUrl(organization.id, fontRequest(10))))
        .code,
    ).toBe(403);
    expect(
      (
        await clientError(
          currentClient(outsider.owner.token).orgs.generateStorageUploadUrl(organization.id, fontRequest(10)),
        )
      ).code,
    ).toBe(404);
    // An upload URL with no signature at all: the query's validation, never a 500.
    const unsigned = await api("PUT", `${path}/abc`, { body: "x" });
    expect(unsigned.status).toBe(400);
  });

  it("the daily purge drops expired unused URLs and font uploads no font took within a week", async () => {
    const { organization, owner } = await seedOrganization("Purged");
    const gb = currentClient(owner.token);
    const idOf = (key: string) => key.split("/").at(-1)!;
    const unused = await uploadFont(owner.token, organization.id, woff2Bytes(50));
    const used = await uploadFont(owner.token, organization.id, woff2Bytes(51));
    await gb.orgs.createCustomFont(organization.id, {
      fontFamily: "Kept",
      fontFaces: [{ weight: 400, storageKey: used }],
    });
    const expired = idOf((await gb.orgs.generateStorageUploadUrl(organization.id, fontRequest(64))).data.key);
    const pending = idOf((await gb.orgs.generateStorageUploadUrl(organization.id, fontRequest(64))).data.key);
    const eightDaysAgo = Date.now() - 8 * 24 * 3600 * 1000;
    await env.DB.prepare("UPDATE storage_uploads SET uploaded_at = ? WHERE id IN (?, ?)")
      .bind(eightDaysAgo, idOf(unused), idOf(used))
      .run();
    await env.DB.prepare("UPDATE storage_uploads SET expires_at = ? WHERE id = ?").bind(eightDaysAgo, expired).run();
    const unusedHash = (await uploadRow(idOf(unused)))!.hash!;
    const usedHash = (await uploadRow(idOf(used)))!.hash!;

    await purgeStaleUploads({ db: createDb(env.DB), env, now: Date.now() });
    expect(await uploadRow(idOf(unused))).toBeNull();
    expect(await env.STORAGE.head(`orgs/${organization.id}/fonts/${unusedHash}`)).toBeNull();
    expect(await uploadRow(expired)).toBeNull();
    // What a font uses, and a URL still valid, stay.
    expect(await uploadRow(idOf(used))).not.toBeNull();
    expect(await env.STORAGE.head(`orgs/${organization.id}/fonts/${usedHash}`)).not.toBeNull();
    expect(await uploadRow(pending)).not.toBeNull();
  });
});
