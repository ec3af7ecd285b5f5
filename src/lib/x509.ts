import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\s]+?)\r?\n?-----END CERTIFICATE-----$/;

/**
 * True when `text` is one PEM-armoured X.509 certificate whose DER parses as an RFC 5280 Certificate
 * (@peculiar/asn1-x509: pure ASN.1, no dependency-injection polyfills, runs in workerd).
 */
export function isPemCertificate(text: string): boolean {
  const match = PEM_CERTIFICATE.exec(text.trim());
  if (!match) return false;
  try {
    const der = Uint8Array.from(atob(match[1].replace(/\s+/g, "")), (ch) => ch.charCodeAt(0));
    const certificate = AsnConvert.parse(der, Certificate);
    return certificate.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey.byteLength > 0;
  } catch {
    return false;
  }
}
