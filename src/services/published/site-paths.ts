import { navigationOrder, sectionsInStructureOrder } from "../sites";
import type { PublishedSiteData, PublishedSiteSpace, SectionRow } from "./site-load";

/** Where a published URL lands: the section and site space it names, and the page path left inside it. */
export interface SiteLocation {
  section?: SectionRow;
  siteSpace: PublishedSiteSpace;
  /** The page path inside the site space ("" for its first page). */
  pagePath: string;
}

/** Whether a visitor sees a site space or section: conditions (adaptive content) decide; true without one. */
export type Visible = (item: { condition: string | null }) => boolean;

const everything: Visible = () => true;

/** The sections and external links a visitor sees, in structure order: the header's navigation. */
export function navigationEntries(data: PublishedSiteData, visible: Visible = everything) {
  return navigationOrder(data.groups, data.sections, data.externalLinks).filter((e) => visible(e.row));
}

/** The sections a visitor sees, in structure order (a group's sections in the group's place at the top level). */
export function visibleSections(data: PublishedSiteData, visible: Visible = everything): SectionRow[] {
  return sectionsInStructureOrder(data.groups, data.sections)
    .map((o) => o.section)
    .filter(visible);
}

/** The site spaces at one level (a section's variants, or the root), visible ones only, in order. */
export function siteSpacesAt(data: PublishedSiteData, sectionId: string | null, visible: Visible = everything) {
  return data.siteSpaces.filter((s) => s.sectionId === sectionId && visible(s));
}

/** The default among `items` (by id), else the first. */
function preferred<T extends { id: string }>(items: T[], defaultId: string | null | undefined): T | undefined {
  return items.find((i) => i.id === defaultId) ?? items[0];
}

/** The section shown at the site root. */
export function defaultSection(data: PublishedSiteData, visible: Visible = everything) {
  return preferred(visibleSections(data, visible), data.site.defaultSiteSectionId);
}

/** The site space shown at a level's root (a section's default variant, or the site's default site space). */
export function defaultSiteSpace(
  data: PublishedSiteData,
  section: SectionRow | undefined,
  visible: Visible = everything,
) {
  const level = siteSpacesAt(data, section?.id ?? null, visible);
  return preferred(level, section ? section.defaultSiteSpaceId : data.site.defaultSiteSpaceId);
}

/**
 * Maps a path inside the site (segments after its base) to a section, site space and page path: a first segment
 * naming a section opens it (else the default section), then one naming a variant of it (else its default
 * variant); a site without sections does the same with its root site spaces. Undefined when nothing is there.
 */
export function resolveSitePath(
  data: PublishedSiteData,
  segments: string[],
  visible: Visible = everything,
): SiteLocation | undefined {
  let rest = segments;
  let section: SectionRow | undefined;
  if (data.sections.length) {
    const sections = visibleSections(data, visible);
    section = sections.find((s) => s.path === rest[0]);
    if (section) rest = rest.slice(1);
    else section = defaultSection(data, visible);
    if (!section) return undefined;
  }
  const level = siteSpacesAt(data, section?.id ?? null, visible);
  let siteSpace = level.find((s) => s.path === rest[0]);
  if (siteSpace) rest = rest.slice(1);
  else siteSpace = defaultSiteSpace(data, section, visible);
  if (!siteSpace) return undefined;
  return { ...(section ? { section } : {}), siteSpace, pagePath: rest.join("/") };
}

/** A site space's path prefix inside the site ("" for the site's root), defaults elided as resolveSitePath reads them. */
export function siteSpacePrefix(data: PublishedSiteData, siteSpace: PublishedSiteSpace, visible: Visible = everything) {
  const parts: string[] = [];
  const section = siteSpace.sectionId ? data.sections.find((s) => s.id === siteSpace.sectionId) : undefined;
  if (section && defaultSection(data, visible)?.id !== section.id) parts.push(section.path);
  if (defaultSiteSpace(data, section, visible)?.id !== siteSpace.id) parts.push(siteSpace.path);
  return parts.join("/");
}

/** A section's path prefix inside the site ("" for the default section). */
export function sectionPrefix(data: PublishedSiteData, section: SectionRow, visible: Visible = everything) {
  return defaultSection(data, visible)?.id === section.id ? "" : section.path;
}
