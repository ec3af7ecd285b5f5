import type { UrlBases } from "../core";
import { samlEndpoints, xmlEscape } from "./endpoints";
import type { Db } from "../../db/client";
import { samlProviders } from "../../db/schema";
import { eq } from "drizzle-orm";
import { SsoRefusal } from "./refusal";

/**
 * SP metadata (SAML metadata 2.0) of a provider: our entity ID, the ACS with the HTTP-POST binding, the NameID
 * formats we read, and that we want assertions signed. Served for pending providers too (an admin configures the
 * IdP from it before the provider is complete).
 */
export async function spMetadata(ctx: { db: Db; urls: UrlBases }, providerId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: samlProviders.id })
    .from(samlProviders)
    .where(eq(samlProviders.id, providerId))
    .limit(1);
  if (!row) throw new SsoRefusal("unknown provider", 404);
  const { entityID, acsURL } = samlEndpoints(row.id, ctx.urls.api);
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(entityID)}">
  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlEscape(acsURL)}" index="0" isDefault="true"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>
`;
}
