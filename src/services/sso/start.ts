import { deflateSync } from "fflate";
import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { samlRequests } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import type { UrlBases } from "../core";
import { samlEndpoints, xmlEscape } from "./endpoints";
import { activeProvider } from "./provider";
import { SsoRefusal } from "./refusal";

/** What a site sign-in's AuthnRequest is bound to instead of a browser (never a SHA-256 in hex). */
export const siteBinding = (signInId: string) => `site:${signInId}`;

/** How long an issued AuthnRequest may be answered. */
export const REQUEST_TTL_MS = 10 * 60_000;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export interface StartedSignIn {
  /** The IdP's sign-in URL with the deflated, base64, URL-encoded AuthnRequest (HTTP-Redirect binding). */
  location: string;
  /** The random value for the browser's short-lived cookie; only its SHA-256 is stored with the request. */
  browserSecret: string;
  requestId: string;
}

/** SAML's limit on RelayState (bindings §3.4.3): a longer `next` is not sent, and the member lands on the default. */
const MAX_RELAY_STATE = 80;

/**
 * SP-initiated sign-in: an AuthnRequest to the IdP, remembered for 10 minutes and bound to this browser. A member's
 * `next` (a path on this origin, checked by the caller and again at the ACS) is the relay state. A site's visitor
 * sign-in (`site`, site-saml.ts) binds it to its own sign-in instead (the site's cookie then binds the browser, on
 * the site's host) and sends that sign-in's relay state.
 */
export async function startSamlSignIn(
  ctx: { db: Db; urls: UrlBases; now: number },
  providerId: string,
  options: { site?: { signInId: string; relayState: string; organizationId: string }; next?: string } = {},
): Promise<StartedSignIn> {
  const { site, next } = options;
  const provider = await activeProvider(ctx.db, providerId);
  if (site && provider.organizationId !== site.organizationId) throw new SsoRefusal("unknown provider", 404);
  let destination: URL;
  try {
    destination = new URL(provider.ssoUrl);
  } catch {
    throw new SsoRefusal("the provider's sign-in URL is not a URL", 400);
  }
  if (destination.protocol !== "https:" && destination.protocol !== "http:")
    throw new SsoRefusal("the provider's sign-in URL is not http(s)", 400);
  const { acsURL, entityID } = samlEndpoints(provider.id, ctx.urls.api);
  // An xsd:ID must not start with a digit.
  const requestId = `_${hex(crypto.getRandomValues(new Uint8Array(20)))}`;
  const browserSecret = hex(crypto.getRandomValues(new Uint8Array(32)));
  const xml = `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${requestId}" Version="2.0" IssueInstant="${iso(ctx.now)}" Destination="${xmlEscape(provider.ssoUrl)}" AssertionConsumerServiceURL="${xmlEscape(acsURL)}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"><saml:Issuer>${xmlEscape(entityID)}</saml:Issuer><samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress" AllowCreate="true"/></samlp:AuthnRequest>`;
  const deflated = deflateSync(new TextEncoder().encode(xml));
  const samlRequest = btoa(String.fromCharCode(...deflated));
  await ctx.db.batch([
    ctx.db.delete(samlRequests).where(lt(samlRequests.expiresAt, ctx.now)),
    ctx.db.insert(samlRequests).values({
      id: requestId,
      providerId: provider.id,
      browserHash: site ? siteBinding(site.signInId) : await sha256Hex(browserSecret),
      createdAt: ctx.now,
      expiresAt: ctx.now + REQUEST_TTL_MS,
      usedAt: null,
    }),
  ]);
  const memberRelay = next && new TextEncoder().encode(next).length <= MAX_RELAY_STATE ? next : requestId;
  const params = new URLSearchParams({ SAMLRequest: samlRequest, RelayState: site?.relayState ?? memberRelay });
  destination.search = destination.search ? `${destination.search}&${params}` : `?${params}`;
  return { location: destination.toString(), browserSecret, requestId };
}
