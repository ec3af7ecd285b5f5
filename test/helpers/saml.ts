import { AsnConvert } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { inflateSync } from "fflate";
import * as xmldsig from "xmldsigjs";
import { loadXmlDsig } from "../../src/services/sso/xmldsig";

// One implementation of a test IdP's side of SAML, on WebCrypto only: the workers-pool tests (test/sso) and the
// browser test's IdP in Node (e2e/fixtures/saml-idp.ts) both import it.

/** A throwaway identity provider: an RSA key pair and a self-signed X.509 certificate made here, on WebCrypto. */
export interface TestIdp {
  keys: CryptoKeyPair;
  /** PEM, as an admin pastes it into the provider's `certificate`. */
  pem: string;
  /** Base64 DER (what an IdP puts in its KeyInfo). */
  der64: string;
}

const SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
const NULL_PARAMS = new Uint8Array([5, 0]).buffer;

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

export async function makeTestIdp(commonName = "Test IdP"): Promise<TestIdp> {
  const keys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const spki = (await crypto.subtle.exportKey("spki", keys.publicKey)) as ArrayBuffer;
  const name = new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: "2.5.4.3", value: new AttributeValue({ utf8String: commonName }) }),
    ]),
  ]);
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: NULL_PARAMS });
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: crypto.getRandomValues(new Uint8Array(8)).map((b, i) => (i === 0 ? b & 0x7f : b)).buffer,
    signature: algorithm,
    issuer: name,
    validity: new Validity({ notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 365 * 86_400_000) }),
    subject: name,
    subjectPublicKeyInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
  });
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, AsnConvert.serialize(tbs));
  const der = AsnConvert.serialize(
    new Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm, signatureValue: signature }),
  );
  const der64 = b64(der);
  const pem = `-----BEGIN CERTIFICATE-----\n${der64.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----`;
  return { keys, pem, der64 };
}

export interface AssertionFields {
  idpEntityId: string;
  /** The SP's entity id (our metadata URL). */
  audience: string;
  acsUrl: string;
  nameId: string;
  inResponseTo?: string;
  /** Omit Destination on the Response when null. */
  destination?: string | null;
  recipient?: string;
  notBefore?: number;
  notOnOrAfter?: number;
  responseId?: string;
  assertionId?: string;
  attributes?: Record<string, string>;
  status?: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** An unsigned SAML 2.0 Response with one bearer Assertion, as an IdP builds it. */
export function samlResponseXml(f: AssertionFields): string {
  const now = Date.now();
  const responseId = f.responseId ?? `_r${crypto.randomUUID().replaceAll("-", "")}`;
  const assertionId = f.assertionId ?? `_a${crypto.randomUUID().replaceAll("-", "")}`;
  const notBefore = f.notBefore ?? now - 60_000;
  const notOnOrAfter = f.notOnOrAfter ?? now + 5 * 60_000;
  const irt = f.inResponseTo ? ` InResponseTo="${f.inResponseTo}"` : "";
  const destination = f.destination === null ? "" : ` Destination="${f.destination ?? f.acsUrl}"`;
  const attrs = Object.entries(f.attributes ?? {})
    .map(([k, v]) => `<saml:Attribute Name="${k}"><saml:AttributeValue>${v}</saml:AttributeValue></saml:Attribute>`)
    .join("");
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${iso(now)}"${destination}${irt}><saml:Issuer>${f.idpEntityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${f.status ?? "urn:oasis:names:tc:SAML:2.0:status:Success"}"/></samlp:Status><saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${f.idpEntityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${f.nameId}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${f.recipient ?? f.acsUrl}"${irt}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${f.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attrs ? `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` : ""}</saml:Assertion></samlp:Response>`;
}

const SAML = "urn:oasis:names:tc:SAML:2.0:assertion";

/**
 * Signs the element with the given ID (the Assertion or the Response) with an enveloped RSA-SHA256 signature,
 * exclusive C14N, placed after its Issuer as SAML requires; returns the serialized document.
 */
export async function signXml(
  xml: string,
  idp: TestIdp,
  elementId: string,
  options: { key?: CryptoKey; digest?: string; c14n?: string; transforms?: string[] } = {},
) {
  loadXmlDsig();
  // xmldsigjs takes the WebCrypto of `self` on import, which workerd has and Node (the e2e IdP) does not.
  if (typeof self === "undefined") xmldsig.Application.setEngine("Node WebCrypto", crypto);
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const signer = new xmldsig.SignedXml();
  signer.XmlSignature.SignedInfo.CanonicalizationMethod.Algorithm =
    options.c14n ?? "http://www.w3.org/2001/10/xml-exc-c14n#";
  const signature = await signer.Sign({ name: "RSASSA-PKCS1-v1_5" }, options.key ?? idp.keys.privateKey, doc, {
    references: [
      {
        uri: `#${elementId}`,
        hash: options.digest ?? "SHA-256",
        transforms: options.transforms ?? ["enveloped", "exc-c14n"],
      },
    ],
    x509: [idp.der64],
  });
  const element = [...allElements(doc)].find((e) => e.getAttribute("ID") === elementId);
  if (!element) throw new Error(`no element ${elementId}`);
  const issuer = [...childElements(element)].find((e) => e.namespaceURI === SAML && e.localName === "Issuer");
  const node = doc.importNode(signature.GetXml() as never, true);
  element.insertBefore(node, (issuer?.nextSibling ?? element.firstChild) as never);
  return new XMLSerializer().serializeToString(doc);
}

function* allElements(node: { childNodes: ArrayLike<unknown> }): Generator<any> {
  for (const child of Array.from(node.childNodes) as any[]) {
    if (child.nodeType === 1) {
      yield child;
      yield* allElements(child);
    }
  }
}

function* childElements(node: { childNodes: ArrayLike<unknown> }): Generator<any> {
  for (const child of Array.from(node.childNodes) as any[]) if (child.nodeType === 1) yield child;
}

/** The ACS form post an IdP's page makes. */
export function acsForm(xml: string, relayState?: string) {
  const body = new URLSearchParams({ SAMLResponse: btoa(unescape(encodeURIComponent(xml))) });
  if (relayState !== undefined) body.set("RelayState", relayState);
  return body;
}

/** What an IdP reads from an HTTP-Redirect AuthnRequest (`SAMLRequest`: base64 of raw DEFLATE). */
export function parseAuthnRequest(samlRequest: string) {
  const xml = new TextDecoder().decode(inflateSync(Uint8Array.from(atob(samlRequest), (c) => c.charCodeAt(0))));
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[e as "amp"]);
  const attribute = (name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? "");
  return {
    xml,
    id: attribute("ID"),
    acsUrl: attribute("AssertionConsumerServiceURL"),
    issuer: decode(/<saml:Issuer>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? ""),
  };
}
