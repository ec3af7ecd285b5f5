import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { handMemberToSite, SsoRefusal } from "../services/sso";
import { ssoContext } from "./context";
import { refusalPage, SESSION_COOKIE } from "./page";

/**
 * GET /sso/site-member?relay=…: a site's member sign-in (services/sso/site-member.ts) reaches the API origin, where
 * the session cookie is; the member goes back to the site's callback with a one-time code, anyone else sees why not.
 */
export async function siteMember(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  try {
    const back = await handMemberToSite(ssoContext(c), c.req.query("relay"), getCookie(c, SESSION_COOKIE));
    return c.redirect(back, 302);
  } catch (error) {
    if (error instanceof SsoRefusal) return refusalPage(c, error.reason, error.status);
    throw error;
  }
}
