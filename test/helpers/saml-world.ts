import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ssoRefusals } from "../../src/db/schema";
import { api, workerFetch } from "./http";
import { acsForm, makeTestIdp, parseAuthnRequest, samlResponseXml, signXml, type TestIdp } from "./saml";
import { db, seedOrganization } from "./seed";

/** An organization with an active SAML provider (a throwaway IdP's certificate, a default team and role). */
export const IDP = "https://idp.corp.test/metadata";

export interface World {
  orgId: string;
  adminToken: string;
  providerId: string;
  idp: TestIdp;
  acs: string;
  entityId: string;
  start: string;
  teamId: string;
}

export async function makeWorld(title = "Corp"): Promise<World> {
  const { organization, owner } = await seedOrganization(title);
  const idp = await makeTestIdp();
  const team = await api("PUT", `/orgs/${organization.id}/teams`, {
    token: owner.token,
    body: { title: "SSO people" },
  });
  expect(team.status).toBeLessThan(300);
  const created = await api("POST", `/orgs/${organization.id}/saml`, {
    token: owner.token,
    body: {
      label: "Corp IdP",
      entityID: IDP,
      ssoURL: "https://idp.corp.test/sso",
      certificate: idp.pem,
      defaultRole: "edit",
      defaultTeam: team.json.id,
    },
  });
  expect(created.status).toBe(201);
  const service = created.json.service;
  return {
    orgId: organization.id,
    adminToken: owner.token,
    providerId: created.json.id,
    idp,
    acs: service.acsURL,
    entityId: service.entityID,
    start: service.startURL,
    teamId: team.json.id,
  };
}

export const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@corp.test`;

export async function post(w: World, xml: string, cookie?: string) {
  return workerFetch(w.acs, {
    method: "POST",
    body: acsForm(xml),
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
}

/** SP-initiated: the start redirect, its AuthnRequest's ID and the browser cookie. */
export async function startSignIn(w: World) {
  const res = await workerFetch(w.start, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  const { xml: request, id } = parseAuthnRequest(location.searchParams.get("SAMLRequest") ?? "");
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { location, request, id, setCookie, cookie: setCookie.split(";")[0] };
}

export const sessionCookie = (res: Response) => /quire_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

export async function signedAssertion(w: World, fields: Partial<Parameters<typeof samlResponseXml>[0]> = {}) {
  const assertionId = fields.assertionId ?? `_a${crypto.randomUUID().replaceAll("-", "")}`;
  const xml = samlResponseXml({
    idpEntityId: IDP,
    audience: w.entityId,
    acsUrl: w.acs,
    nameId: email("ada"),
    ...fields,
    assertionId,
  });
  return { xml: await signXml(xml, w.idp, assertionId), assertionId };
}

export async function refusedWithoutSession(w: World, res: Response, reason: RegExp) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(sessionCookie(res)).toBeUndefined();
  const page = await res.text();
  expect(page).toContain("Sign-in refused");
  expect(page).toMatch(reason);
  const rows = await db.select().from(ssoRefusals).where(eq(ssoRefusals.providerId, w.providerId));
  expect(rows.some((r) => reason.test(r.reason))).toBe(true);
}
