import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { SsoRefusal } from "./refusal";

/**
 * The RSA public key of the provider's stored PEM certificate (the only key a response is checked with: a
 * certificate inside the message is never trusted). xmldsigjs re-imports it with the signature's hash.
 */
export async function certificatePublicKey(pem: string): Promise<CryptoKey> {
  try {
    const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
    const der = Uint8Array.from(atob(body), (ch) => ch.charCodeAt(0));
    const certificate = AsnConvert.parse(der, Certificate);
    const spki = AsnConvert.serialize(certificate.tbsCertificate.subjectPublicKeyInfo);
    return await crypto.subtle.importKey("spki", spki, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, [
      "verify",
    ]);
  } catch {
    throw new SsoRefusal("the provider's certificate is not a usable RSA certificate", 400);
  }
}
