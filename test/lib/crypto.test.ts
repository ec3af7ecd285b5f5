// Tokens are stored and looked up by this hash: it must stay lowercase hex SHA-256 of the UTF-8 text.
import { describe, expect, it } from "vitest";
import { sha256Hex, sha256HexOfBytes } from "../../src/lib/crypto";

describe("sha256Hex", () => {
  it("is the lowercase hex SHA-256 of the text's UTF-8 bytes", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("é")).toBe(await sha256HexOfBytes(new Uint8Array([0xc3, 0xa9])));
  });

  it("writes every byte as two digits", async () => {
    const hex = await sha256Hex("qr_token");
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
  });
});
