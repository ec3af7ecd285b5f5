import type { VisitorPass } from "../access/visitor-pass";
import { evaluateCondition } from "../sites/conditions";
import type { PublishedSiteData } from "./site-load";
import type { Visible } from "./site-paths";

/**
 * Adaptive content: on a site with it enabled, a site space or section whose `condition` is false for the
 * visitor's claims (a visitor JWT's, `unsigned` ones beside them; none for other visitors) is hidden. Visitors
 * who see the same things share cached pages, so `hidden` (the ids of what is hidden) is the visitor's segment,
 * not who is looking.
 */
export function adaptiveVisibility(data: PublishedSiteData, claims: Record<string, unknown>) {
  if (!data.site.adaptiveContent) return { visible: (() => true) as Visible, hidden: [] as string[] };
  const verdicts = new Map<string, boolean>();
  for (const item of [...data.sections, ...data.siteSpaces]) {
    if (item.condition) verdicts.set(item.condition, evaluateCondition(item.condition, claims));
  }
  const visible: Visible = (item) => !item.condition || verdicts.get(item.condition) === true;
  const hidden = [...data.sections, ...data.siteSpaces].filter((item) => !visible(item)).map((item) => item.id);
  return { visible, hidden };
}

/**
 * What a visitor the site admitted may read through the services: this site, the spaces it publishes, and
 * their JWT's claims (the renderer's and the URL lookup's caller).
 */
export function visitorPassOf(data: PublishedSiteData): VisitorPass {
  const claims = data.admission.open ? data.admission.claims : undefined;
  return {
    sites: new Set([data.site.id]),
    spaces: new Set(data.siteSpaces.map((s) => s.spaceId)),
    ...(claims ? { claims } : {}),
  };
}
