import { X509Certificate } from "@peculiar/x509";

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+?\r?\n-----END CERTIFICATE-----$/;

/** True when `text` is one PEM-armoured X.509 certificate that parses (ASN.1 DER inside valid base64). */
export function isPemCertificate(text: string): boolean {
  const pem = text.trim();
  if (!PEM_CERTIFICATE.test(pem)) return false;
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}
