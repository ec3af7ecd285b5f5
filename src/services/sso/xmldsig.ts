import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { setNodeDependencies } from "xml-core";
import * as xmldsig from "xmldsigjs";

let ready = false;

/**
 * xmldsigjs (PeculiarVentures, maintained, WebCrypto only: no Node crypto, no eval) over @xmldom/xmldom. workerd
 * has no DOMParser, so xml-core is given xmldom's (no XPath: the XPath transform is refused before verifying); xmldsigjs picks the global WebCrypto on import. Loaded on first
 * use (a dynamic import of this module) to keep the Worker's start small.
 */
export function loadXmlDsig() {
  if (!ready) {
    setNodeDependencies({ DOMParser, XMLSerializer });
    ready = true;
  }
  return xmldsig;
}
