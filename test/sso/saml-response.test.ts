import { describe, expect, it } from "vitest";
import { verifySamlResponse } from "../../src/services/sso/saml-response";
import { makeTestIdp, samlResponseXml, signXml } from "../helpers/saml";

const SP = "https://api.quire.test/sso/saml/p1/metadata";
const ACS = "https://api.quire.test/sso/saml/p1/acs";
const IDP = "https://idp.example.test/metadata";

describe("verifySamlResponse", () => {
  it("accepts a signed assertion", async () => {
    const idp = await makeTestIdp();
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: SP,
      acsUrl: ACS,
      nameId: "ada@corp.test",
      assertionId: "_a1",
    });
    const signed = await signXml(xml, idp, "_a1");
    const b64 = btoa(signed);
    const out = await verifySamlResponse(b64, {
      idpEntityId: IDP,
      certificate: idp.pem,
      spEntityId: SP,
      acsUrl: ACS,
      now: Date.now(),
    });
    expect(out.nameId).toBe("ada@corp.test");
  });
});
