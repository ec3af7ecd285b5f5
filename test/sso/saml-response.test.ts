import { describe, expect, it } from "vitest";
import { verifySamlResponse } from "../../src/services/sso/saml-response";
import { makeTestIdp, samlResponseXml, signXml } from "../helpers/saml";

const SP = "https://api.quire.test/sso/saml/p1/metadata";
const ACS = "https://api.quire.test/sso/saml/p1/acs";
const IDP = "https://idp.example.test/metadata";

const expectations = (pem: string) => ({
  idpEntityId: IDP,
  certificate: pem,
  spEntityId: SP,
  acsUrl: ACS,
  now: Date.now(),
});
const response = (assertionId: string) =>
  samlResponseXml({ idpEntityId: IDP, audience: SP, acsUrl: ACS, nameId: "ada@corp.test", assertionId });
const utf8Base64 = (xml: string) => btoa(String.fromCharCode(...new TextEncoder().encode(xml)));

describe("verifySamlResponse: where the signature is", () => {
  it("accepts the assertion signed, then the response signed over it (as many IdPs send)", async () => {
    const idp = await makeTestIdp();
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: SP,
      acsUrl: ACS,
      nameId: "ada@corp.test",
      assertionId: "_b1",
      responseId: "_r1",
    });
    const both = await signXml(await signXml(xml, idp, "_b1"), idp, "_r1");
    expect(both.match(/<ds:Signature /g)).toHaveLength(2);
    const out = await verifySamlResponse(utf8Base64(both), expectations(idp.pem));
    expect(out.assertionId).toBe("_b1");
  });

  it("refuses when one of two signatures does not verify", async () => {
    const idp = await makeTestIdp();
    const other = await makeTestIdp("Other");
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: SP,
      acsUrl: ACS,
      nameId: "ada@corp.test",
      assertionId: "_b2",
      responseId: "_r2",
    });
    const both = await signXml(await signXml(xml, idp, "_b2"), other, "_r2");
    await expect(verifySamlResponse(utf8Base64(both), expectations(idp.pem))).rejects.toThrow(/does not verify/);
  });
});

describe("verifySamlResponse: the algorithms a signature may use", () => {
  it("accepts RSA-SHA256 with SHA-256 digests and exclusive C14N, reading the signed values", async () => {
    const idp = await makeTestIdp();
    const signed = await signXml(response("_a1"), idp, "_a1");
    const out = await verifySamlResponse(utf8Base64(signed), expectations(idp.pem));
    expect(out).toMatchObject({ assertionId: "_a1", nameId: "ada@corp.test", inResponseTo: null });
  });

  it("refuses RSA-SHA1 signatures", async () => {
    const idp = await makeTestIdp();
    const pkcs8 = await crypto.subtle.exportKey("pkcs8", idp.keys.privateKey);
    const sha1Key = await crypto.subtle.importKey("pkcs8", pkcs8, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-1" }, false, [
      "sign",
    ]);
    const signed = await signXml(response("_a2"), idp, "_a2", { key: sha1Key });
    expect(signed).toContain("xmldsig#rsa-sha1");
    await expect(verifySamlResponse(utf8Base64(signed), expectations(idp.pem))).rejects.toThrow(
      /signature algorithm not accepted/,
    );
  });

  it("refuses SHA-1 digests", async () => {
    const idp = await makeTestIdp();
    const signed = await signXml(response("_a3"), idp, "_a3", { digest: "SHA-1" });
    await expect(verifySamlResponse(utf8Base64(signed), expectations(idp.pem))).rejects.toThrow(
      /digest algorithm not accepted/,
    );
  });

  it("refuses inclusive C14N of SignedInfo", async () => {
    const idp = await makeTestIdp();
    const signed = await signXml(response("_a4"), idp, "_a4", {
      c14n: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
    });
    await expect(verifySamlResponse(utf8Base64(signed), expectations(idp.pem))).rejects.toThrow(/exclusive C14N/);
  });

  it("refuses transforms other than enveloped and exclusive C14N", async () => {
    const idp = await makeTestIdp();
    const signed = await signXml(response("_a5"), idp, "_a5", { transforms: ["enveloped", "c14n-com"] });
    await expect(verifySamlResponse(utf8Base64(signed), expectations(idp.pem))).rejects.toThrow(
      /transform not accepted/,
    );
  });
});
