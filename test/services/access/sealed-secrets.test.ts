import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openSealed, sealSecret, signingSecret } from "../../../src/services/access";
import { decryptSecrets, encryptSecrets } from "../../../src/services/integrations";
import { db } from "../../helpers/seed";

/** What integrations stored before the sealing moved to access: the format the move must keep reading. */
async function sealedTheOldWay(secrets: Record<string, string>) {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(await signingSecret({ db, env })),
    "HKDF",
    false,
    ["deriveKey"],
  );
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("quire integration secrets v1"),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt"],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(JSON.stringify(secrets))),
  );
  return btoa(String.fromCharCode(...iv, ...sealed));
}

describe("sealed secrets", () => {
  it("opens integration secrets sealed in the old format, and integrations still read their own", async () => {
    const old = await sealedTheOldWay({ API_KEY: "s3cret" });
    expect(await decryptSecrets({ db, env }, old)).toEqual({ API_KEY: "s3cret" });
    expect(await openSealed({ db, env }, "quire integration secrets v1", old)).toBe('{"API_KEY":"s3cret"}');
    expect(await decryptSecrets({ db, env }, await encryptSecrets({ db, env }, { A: "b" }))).toEqual({ A: "b" });
  });

  it("a secret sealed for one purpose does not open for another", async () => {
    const sealed = await sealSecret({ db, env }, "purpose one", "hello");
    expect(sealed).not.toContain("hello");
    expect(await openSealed({ db, env }, "purpose one", sealed)).toBe("hello");
    await expect(openSealed({ db, env }, "purpose two", sealed)).rejects.toThrow();
  });
});
