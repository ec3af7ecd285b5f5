import { type Document, DOMParser, type Element, type Node } from "@xmldom/xmldom";
import { certificatePublicKey } from "./certificate";
import { SsoRefusal } from "./refusal";
import { loadXmlDsig } from "./xmldsig";

export const SAMLP = "urn:oasis:names:tc:SAML:2.0:protocol";
export const SAML = "urn:oasis:names:tc:SAML:2.0:assertion";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SIGNATURE_METHODS = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
]);
const DIGEST_METHODS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmldsig-more#sha384",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);
const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
/** Clock skew allowed between the IdP and us. */
export const SKEW_MS = 3 * 60_000;
const MAX_RESPONSE_BYTES = 256 * 1024;

export interface SamlExpectations {
  /** The IdP's entity id (the provider's `entityID`): the assertion's Issuer. */
  idpEntityId: string;
  /** The provider's stored PEM certificate: the only key trusted. */
  certificate: string;
  /** Our entity id (the metadata URL): the Audience. */
  spEntityId: string;
  /** Our ACS URL: Destination and Recipient. */
  acsUrl: string;
  now: number;
}

export interface VerifiedAssertion {
  assertionId: string;
  nameId: string;
  nameIdFormat: string | null;
  /** InResponseTo of the bearer confirmation (the signed one), or null for an IdP-initiated response. */
  inResponseTo: string | null;
  /** When the assertion stops being acceptable: its ID is remembered until then. */
  notOnOrAfter: number;
  attributes: Record<string, string[]>;
}

type El = Element;

function elements(node: Node): El[] {
  const out: El[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as El);
  return out;
}
const children = (node: Node, ns: string, name: string) =>
  elements(node).filter((e) => e.namespaceURI === ns && e.localName === name);
function only(node: Node, ns: string, name: string, what: string, optional = false): El | null {
  const found = children(node, ns, name);
  if (found.length > 1) throw new SsoRefusal(`more than one ${what}`);
  if (!found.length && !optional) throw new SsoRefusal(`no ${what}`);
  return found[0] ?? null;
}
const all = (root: Node, ns: string, name: string) =>
  Array.from((root as Document | El).getElementsByTagNameNS(ns, name));

/** Text of an element that must hold text only (no child elements); comments were refused already. */
function text(el: El, what: string): string {
  if (elements(el).length) throw new SsoRefusal(`${what} is not text`);
  return (el.textContent ?? "").trim();
}

function instant(value: string | null, what: string): number {
  if (!value || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) throw new SsoRefusal(`bad ${what}`);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new SsoRefusal(`bad ${what}`);
  return ms;
}

/**
 * Parses strictly: no DTD (entities), no comments and no processing instructions anywhere (they are invisible to
 * exclusive C14N, so a comment inside a signed NameID could change what a lax reader sees), every ID unique.
 */
function parse(xml: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SsoRefusal("document type declarations are not accepted");
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        throw new SsoRefusal(`malformed XML (${level}: ${String(message).slice(0, 80)})`);
      },
    }).parseFromString(xml, "text/xml");
  } catch (error) {
    throw error instanceof SsoRefusal ? error : new SsoRefusal("malformed XML");
  }
  const ids = new Set<string>();
  const walk = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      // xmldom keeps the XML declaration as a processing instruction `xml`, the document's first child.
      if (c.nodeType === 7 && node === doc && c === doc.firstChild && c.nodeName === "xml") continue;
      if (c.nodeType === 7 || c.nodeType === 8 || c.nodeType === 10)
        throw new SsoRefusal("comments and processing instructions are not accepted");
      if (c.nodeType !== 1) continue;
      for (const name of ["ID", "Id", "id"]) {
        const v = (c as El).getAttribute(name);
        if (v === null || v === "") continue;
        if (ids.has(v)) throw new SsoRefusal("duplicate ID");
        ids.add(v);
      }
      walk(c);
    }
  };
  walk(doc);
  return doc;
}

/**
 * Verifies the enveloped signature that is a direct child of `signed`: exactly one Reference, to `#<its ID>`,
 * exclusive C14N, enveloped + exc-C14N transforms only, RSA-SHA256 or stronger, with the stored key only.
 */
async function verifySignature(doc: Document, signed: El, signature: El, key: CryptoKey) {
  const id = signed.getAttribute("ID");
  if (!id) throw new SsoRefusal("signed element has no ID");
  const info = only(signature, DS, "SignedInfo", "SignedInfo") as El;
  const c14n = only(info, DS, "CanonicalizationMethod", "CanonicalizationMethod") as El;
  if (c14n.getAttribute("Algorithm") !== EXC_C14N) throw new SsoRefusal("canonicalization is not exclusive C14N");
  const method = (only(info, DS, "SignatureMethod", "SignatureMethod") as El).getAttribute("Algorithm") ?? "";
  if (!SIGNATURE_METHODS.has(method)) throw new SsoRefusal("signature algorithm not accepted");
  const refs = children(info, DS, "Reference");
  if (refs.length !== 1) throw new SsoRefusal("signature must have exactly one reference");
  if (refs[0].getAttribute("URI") !== `#${id}`) throw new SsoRefusal("signature does not cover the element read");
  const digest = (only(refs[0], DS, "DigestMethod", "DigestMethod") as El).getAttribute("Algorithm") ?? "";
  if (!DIGEST_METHODS.has(digest)) throw new SsoRefusal("digest algorithm not accepted");
  const transforms = only(refs[0], DS, "Transforms", "Transforms", true);
  for (const t of transforms ? children(transforms, DS, "Transform") : []) {
    const alg = t.getAttribute("Algorithm");
    if (alg !== ENVELOPED && alg !== EXC_C14N) throw new SsoRefusal("signature transform not accepted");
  }
  const xmldsig = loadXmlDsig();
  let ok = false;
  try {
    const signedXml = new xmldsig.SignedXml(doc);
    signedXml.LoadXml(signature as never);
    ok = await signedXml.Verify({ key, content: doc.documentElement as never });
  } catch {
    ok = false;
  }
  if (!ok) throw new SsoRefusal("signature does not verify with the provider's certificate");
}

/**
 * Verifies a SAML Response (base64, from the HTTP-POST binding) as a careful SP: values are read only from the
 * one Assertion, which the verified signature covers (its own, or the Response's that encloses it).
 */
export async function verifySamlResponse(encoded: string, expect: SamlExpectations): Promise<VerifiedAssertion> {
  if (encoded.length > MAX_RESPONSE_BYTES) throw new SsoRefusal("response too large");
  let xml: string;
  try {
    const bytes = Uint8Array.from(atob(encoded.replace(/\s+/g, "")), (ch) => ch.charCodeAt(0));
    xml = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SsoRefusal("SAMLResponse is not base64 UTF-8");
  }
  const doc = parse(xml);
  const response = doc.documentElement as El;
  if (response?.namespaceURI !== SAMLP || response.localName !== "Response")
    throw new SsoRefusal("not a SAML Response");
  if (all(doc, SAML, "EncryptedAssertion").length) throw new SsoRefusal("encrypted assertions are not supported");
  const assertions = all(doc, SAML, "Assertion");
  if (assertions.length !== 1 || assertions[0].parentNode !== response)
    throw new SsoRefusal("the response must hold exactly one assertion");
  const assertion = assertions[0];

  // Only signatures that are direct children of the Response or of the Assertion may exist.
  const signatures = all(doc, DS, "Signature");
  const responseSig = only(response, DS, "Signature", "response signature", true);
  const assertionSig = only(assertion, DS, "Signature", "assertion signature", true);
  if (signatures.some((s) => s !== responseSig && s !== assertionSig)) throw new SsoRefusal("unexpected signature");
  if (!responseSig && !assertionSig) throw new SsoRefusal("the response is not signed");
  const key = await certificatePublicKey(expect.certificate);
  if (responseSig) await verifySignature(doc, response, responseSig, key);
  if (assertionSig) await verifySignature(doc, assertion, assertionSig, key);

  const status = only(only(response, SAMLP, "Status", "Status") as El, SAMLP, "StatusCode", "StatusCode") as El;
  if (status.getAttribute("Value") !== SUCCESS) throw new SsoRefusal("the identity provider reported a failure");
  const destination = response.getAttribute("Destination");
  if (destination !== null && destination !== expect.acsUrl) throw new SsoRefusal("wrong Destination");

  const issuer = text(only(assertion, SAML, "Issuer", "Issuer") as El, "Issuer");
  if (issuer !== expect.idpEntityId) throw new SsoRefusal("wrong Issuer");
  const now = expect.now;

  const conditions = only(assertion, SAML, "Conditions", "Conditions") as El;
  const notBefore = conditions.getAttribute("NotBefore");
  if (notBefore !== null && now + SKEW_MS < instant(notBefore, "NotBefore")) throw new SsoRefusal("not yet valid");
  const notOnOrAfter = instant(conditions.getAttribute("NotOnOrAfter"), "NotOnOrAfter");
  if (now - SKEW_MS >= notOnOrAfter) throw new SsoRefusal("expired");
  const restrictions = children(conditions, SAML, "AudienceRestriction");
  if (!restrictions.length) throw new SsoRefusal("no AudienceRestriction");
  // Every restriction must name us (SAML core 2.5.1.4: all restrictions apply).
  for (const r of restrictions) {
    const audiences = children(r, SAML, "Audience").map((a) => text(a, "Audience"));
    if (!audiences.includes(expect.spEntityId)) throw new SsoRefusal("wrong Audience");
  }

  const subject = only(assertion, SAML, "Subject", "Subject") as El;
  const nameIdEl = only(subject, SAML, "NameID", "NameID") as El;
  const nameId = text(nameIdEl, "NameID");
  if (!nameId) throw new SsoRefusal("empty NameID");
  const bearer = children(subject, SAML, "SubjectConfirmation").filter((s) => s.getAttribute("Method") === BEARER);
  if (bearer.length !== 1) throw new SsoRefusal("the subject needs exactly one bearer confirmation");
  const data = only(bearer[0], SAML, "SubjectConfirmationData", "SubjectConfirmationData") as El;
  if (data.getAttribute("Recipient") !== expect.acsUrl) throw new SsoRefusal("wrong Recipient");
  const confirmUntil = instant(data.getAttribute("NotOnOrAfter"), "SubjectConfirmationData NotOnOrAfter");
  if (now - SKEW_MS >= confirmUntil) throw new SsoRefusal("expired");
  const confirmFrom = data.getAttribute("NotBefore");
  if (confirmFrom !== null && now + SKEW_MS < instant(confirmFrom, "NotBefore")) throw new SsoRefusal("not yet valid");
  const inResponseTo = data.getAttribute("InResponseTo");
  const responseIrt = response.getAttribute("InResponseTo");
  if (responseIrt !== null && responseIrt !== inResponseTo) throw new SsoRefusal("InResponseTo differs");
  if (!children(assertion, SAML, "AuthnStatement").length) throw new SsoRefusal("no AuthnStatement");

  const attributes: Record<string, string[]> = {};
  for (const statement of children(assertion, SAML, "AttributeStatement"))
    for (const attribute of children(statement, SAML, "Attribute")) {
      const name = attribute.getAttribute("Name");
      if (!name) continue;
      // Structured values (child elements) are not read: only text values name a person.
      attributes[name] = children(attribute, SAML, "AttributeValue")
        .filter((v) => !elements(v).length)
        .map((v) => (v.textContent ?? "").trim());
    }

  return {
    assertionId: assertion.getAttribute("ID") as string,
    nameId,
    nameIdFormat: nameIdEl.getAttribute("Format"),
    inResponseTo: inResponseTo || null,
    notOnOrAfter: Math.min(notOnOrAfter, confirmUntil) + SKEW_MS,
    attributes,
  };
}
