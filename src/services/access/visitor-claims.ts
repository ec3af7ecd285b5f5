import { jwtVerify, SignJWT } from "jose";
import type { MemberRole } from "./roles";

/**
 * Visitor claims: the short-lived HS256 JWT that `POST /v1/orgs/{id}/ping` hands out as `gitbookVisitorClaims`,
 * signed with the deployment's signing secret (`signingSecret`: SIGNING_SECRET, or the generated one). A later
 * issue's visitor authentication verifies it with `verifyVisitorClaims` (same issuer, audience and secret).
 */
export const VISITOR_CLAIMS_AUDIENCE = "quire:visitor";
export const VISITOR_CLAIMS_TTL_SECONDS = 15 * 60;

export interface VisitorClaimsInput {
  issuer: string;
  userId: string;
  organizationId: string;
  role: MemberRole;
  now: number;
}

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export async function signVisitorClaims(secret: string, input: VisitorClaimsInput): Promise<string> {
  const issuedAt = Math.floor(input.now / 1000);
  return new SignJWT({ org: input.organizationId, role: input.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(input.issuer)
    .setAudience(VISITOR_CLAIMS_AUDIENCE)
    .setSubject(input.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VISITOR_CLAIMS_TTL_SECONDS)
    .sign(key(secret));
}

/** Verifies signature, issuer, audience and expiry; throws (jose's errors) when any fails. */
export async function verifyVisitorClaims(secret: string, token: string, issuer: string) {
  const { payload } = await jwtVerify(token, key(secret), {
    algorithms: ["HS256"],
    issuer,
    audience: VISITOR_CLAIMS_AUDIENCE,
  });
  return payload as typeof payload & { sub: string; org: string; role: MemberRole };
}
