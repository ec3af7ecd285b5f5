import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, workerFetch } from "../helpers/http";
import { acsForm, makeTestIdp, samlResponseXml, signXml } from "../helpers/saml";
import {
  email,
  IDP,
  makeWorld,
  post,
  refusedWithoutSession,
  signedAssertion,
  startSignIn,
  type World,
} from "../helpers/saml-world";

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

describe("ACS refusal matrix (4xx, a plain page, the reason recorded, no session)", () => {
  it("unsigned", async () => {
    const xml = samlResponseXml({ idpEntityId: IDP, audience: w.entityId, acsUrl: w.acs, nameId: email("u") });
    await refusedWithoutSession(w, await post(w, xml), /not signed/);
  });

  it("signed with another key (even with that key's certificate embedded)", async () => {
    const other = await makeTestIdp("Mallory");
    const id = "_wrongkey";
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("k"),
      assertionId: id,
    });
    await refusedWithoutSession(w, await post(w, await signXml(xml, other, id)), /does not verify/);
  });

  it("tampered after signing", async () => {
    const { xml } = await signedAssertion(w, { nameId: "victim@corp.test" });
    await refusedWithoutSession(
      w,
      await post(w, xml.replace("victim@corp.test", "admin@corp.test")),
      /does not verify/,
    );
  });

  it("wrapping: a signed assertion plus an injected unsigned one", async () => {
    const { xml } = await signedAssertion(w);
    const evil = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: "admin@corp.test",
      assertionId: "_evil",
    });
    const injected = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(evil)?.[0] ?? "";
    const wrapped = xml.replace("<saml:Assertion ", `${injected}<saml:Assertion `);
    await refusedWithoutSession(w, await post(w, wrapped), /exactly one assertion/);
  });

  it("wrapping: the signed assertion moved into an Extensions element, an unsigned one in its place", async () => {
    const { xml, assertionId } = await signedAssertion(w);
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? "";
    const evil = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: "admin@corp.test",
      assertionId: "_evil2",
    });
    const unsigned = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(evil)?.[0] ?? "";
    const moved = xml.replace(signed, `<samlp:Extensions>${signed}</samlp:Extensions>${unsigned}`);
    expect(moved).toContain(assertionId);
    await refusedWithoutSession(w, await post(w, moved), /exactly one assertion/);
  });

  it("wrapping: the signature's reference points at another element than the one read", async () => {
    const responseId = `_r${crypto.randomUUID().replaceAll("-", "")}`;
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: w.entityId,
      acsUrl: w.acs,
      nameId: email("w"),
      responseId,
    });
    const signedResponse = await signXml(xml, w.idp, responseId);
    // The Response's signature moved into the Assertion: it verifies, but covers another element than its parent.
    const sig = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signedResponse)?.[0] ?? "";
    expect(sig).not.toBe("");
    const moved = signedResponse
      .replace(sig, "")
      .replace(/(<saml:Assertion [^>]*><saml:Issuer>[^<]*<\/saml:Issuer>)/, `$1${sig}`);
    await refusedWithoutSession(w, await post(w, moved), /does not cover the element read/);
  });

  it("a comment injected into the NameID", async () => {
    const { xml } = await signedAssertion(w, { nameId: "admin@corp.test.evil.test" });
    const commented = xml.replace("admin@corp.test.evil.test", "admin@corp.test<!---->.evil.test");
    await refusedWithoutSession(w, await post(w, commented), /comments/);
  });

  it("a processing instruction inside the signed assertion", async () => {
    const { xml } = await signedAssertion(w);
    const withPi = xml.replace("<saml:Subject>", "<saml:Subject><?evil x?>");
    await refusedWithoutSession(w, await post(w, withPi), /processing instructions/);
  });

  it("a document type declaration (entities)", async () => {
    const { xml } = await signedAssertion(w);
    await refusedWithoutSession(w, await post(w, `<!DOCTYPE r [<!ENTITY x "y">]>${xml}`), /document type/);
  });

  it("expired", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now - 20 * 60_000, notOnOrAfter: now - 4 * 60_000 });
    await refusedWithoutSession(w, await post(w, xml), /expired/);
  });

  it("not yet valid (beyond 3 minutes of skew)", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now + 4 * 60_000, notOnOrAfter: now + 10 * 60_000 });
    await refusedWithoutSession(w, await post(w, xml), /not yet valid/);
  });

  it("within the skew is accepted", async () => {
    const now = Date.now();
    const { xml } = await signedAssertion(w, { notBefore: now + 2 * 60_000, notOnOrAfter: now + 10 * 60_000 });
    expect((await post(w, xml)).status).toBe(303);
  });

  it("wrong audience", async () => {
    const { xml } = await signedAssertion(w, { audience: "https://other-sp.test/metadata" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Audience/);
  });

  it("wrong recipient", async () => {
    const { xml } = await signedAssertion(w, { recipient: "https://other-sp.test/acs" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Recipient/);
  });

  it("wrong destination", async () => {
    const { xml } = await signedAssertion(w, { destination: "https://other-sp.test/acs" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Destination/);
  });

  it("wrong issuer", async () => {
    const { xml } = await signedAssertion(w, { idpEntityId: "https://other-idp.test" });
    await refusedWithoutSession(w, await post(w, xml), /wrong Issuer/);
  });

  it("unknown InResponseTo", async () => {
    const { xml } = await signedAssertion(w, { inResponseTo: "_neverissued" });
    await refusedWithoutSession(w, await post(w, xml), /InResponseTo/);
  });

  it("InResponseTo of a request another browser started", async () => {
    const s = await startSignIn(w);
    const { xml } = await signedAssertion(w, { inResponseTo: s.id });
    await refusedWithoutSession(w, await post(w, xml, "quire_saml_request=somebody-else"), /InResponseTo/);
  });

  it("an already used InResponseTo", async () => {
    const s = await startSignIn(w);
    const first = await signedAssertion(w, { inResponseTo: s.id });
    expect((await post(w, first.xml, s.cookie)).status).toBe(303);
    const second = await signedAssertion(w, { inResponseTo: s.id });
    await refusedWithoutSession(w, await post(w, second.xml, s.cookie), /InResponseTo/);
  });

  it("a replayed assertion", async () => {
    const { xml } = await signedAssertion(w);
    expect((await post(w, xml)).status).toBe(303);
    await refusedWithoutSession(w, await post(w, xml), /replay/);
  });

  it("a failure status from the IdP", async () => {
    const { xml } = await signedAssertion(w, { status: "urn:oasis:names:tc:SAML:2.0:status:Requester" });
    await refusedWithoutSession(w, await post(w, xml), /reported a failure/);
  });

  it("garbage, an empty form, an unknown provider: 4xx, never a 500", async () => {
    for (const body of ["SAMLResponse=%%%", "SAMLResponse=PHg%2B", "", `SAMLResponse=${"A".repeat(300_000)}`]) {
      const res = await workerFetch(w.acs, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const huge = await workerFetch(w.acs, {
      method: "POST",
      body: `SAMLResponse=${"A".repeat(600_000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(huge.status).toBe(413);
    const unknown = await workerFetch(`${ORIGIN}/sso/saml/nope/acs`, { method: "POST", body: acsForm("<x/>") });
    expect(unknown.status).toBe(404);
  });
});
