import { adaptiveVisibilityOf, type VisitorPass } from "../access";
import type { PublishedSiteData } from "./site-load";

/**
 * Adaptive content on a loaded site (services/access/adaptive-visibility.ts holds the rule): on a site with it
 * enabled, a site space or section whose `condition` is false for the visitor's claims (a visitor JWT's,
 * `unsigned` ones beside them; none for other visitors) is hidden. Visitors who see the same things share cached
 * pages, so `hidden` (the ids of what is hidden) is the visitor's segment, not who is looking. `visible` judges
 * an item by its own condition (the renderer walks sections before their site spaces); `shows` judges a site
 * space with its section's.
 */
export function adaptiveVisibility(data: PublishedSiteData, claims: Record<string, unknown>) {
  // External links are judged by their own condition, as sections are (and hidden ones join the segment).
  return adaptiveVisibilityOf(data.site, [...data.sections, ...data.externalLinks], data.siteSpaces, claims);
}

/**
 * What a visitor the site admitted may read through the services: this site, the spaces of the site spaces
 * their claims show (by default the admission's JWT claims), and those claims (the renderer's and the URL
 * lookup's caller).
 */
export function visitorPassOf(data: PublishedSiteData, claims?: Record<string, unknown>): VisitorPass {
  const held = claims ?? (data.admission.open ? data.admission.claims : undefined);
  const { shows } = adaptiveVisibility(data, held ?? {});
  return {
    sites: new Set([data.site.id]),
    spaces: new Set(data.siteSpaces.filter(shows).map((s) => s.spaceId)),
    ...(held ? { claims: held } : {}),
    ...(data.admission.open && data.admission.preview ? { preview: true } : {}),
  };
}
