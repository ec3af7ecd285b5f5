import { createMiddleware } from "hono/factory";
import { forbidden } from "../lib/errors";
import { resolveVisitorPass, siteTokenPass } from "../services/access";
import type { AppEnv } from "./app-env";
import { SITE_TOKEN_REFUSED } from "./auth";

/** Where a visitor's share key and JWT travel on API reads (README, "Published content"). */
export const SHARE_KEY_HEADER = "x-quire-share-key";
export const VISITOR_TOKEN_HEADER = "x-quire-visitor-token";
const LONGEST_CREDENTIAL = 8192;

/**
 * Route middleware (added by defineRoute to anonymous operations): turns a share key (`shareKey` query or the
 * header) or a visitor JWT (header) into the caller's visitor pass, in one D1 round trip that only requests
 * carrying one pay. The request's space or site (path parameters) is what a JWT is checked against.
 */
export const admitVisitor = (operation: { writes: boolean }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const siteToken = c.get("siteToken");
    if (siteToken) {
      // A site token only reads: an anonymous write (a signed upload) takes its own credential, never this one.
      if (operation.writes) throw forbidden(SITE_TOKEN_REFUSED);
      c.set("visitor", await siteTokenPass(c.get("db"), siteToken.token, siteToken.claims));
      return next();
    }
    const shareKey = c.req.query("shareKey") || c.req.header(SHARE_KEY_HEADER) || undefined;
    const visitorToken = c.req.header(VISITOR_TOKEN_HEADER) || undefined;
    if (!shareKey && !visitorToken) return next();
    if ((shareKey?.length ?? 0) > LONGEST_CREDENTIAL || (visitorToken?.length ?? 0) > LONGEST_CREDENTIAL) return next();
    const pass = await resolveVisitorPass(c.get("db"), {
      shareKey,
      visitorToken,
      spaceId: c.req.param("spaceId"),
      siteId: c.req.param("siteId"),
    });
    if (pass.sites.size) c.set("visitor", pass);
    return next();
  });
