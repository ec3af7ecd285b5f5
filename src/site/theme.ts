import type { SiteCustomizationSettings } from "../services/sites";
import { fontFacesOf } from "./fonts";
import type { SiteTheme } from "./view";

type Ref = { kind: string; url?: string };

/** A customization link's href: URLs as they are; references to content Quire cannot place yet are dropped. */
function hrefOf(to: Ref | null | undefined): string | undefined {
  return to?.kind === "url" && typeof to.url === "string" ? to.url : undefined;
}

const fontName = (font: string | { fontFamily: string }) => (typeof font === "string" ? font : font.fontFamily);

/**
 * The layout's theme from a site space's merged customization and the site's title; custom fonts' files count
 * only when they are the site's organization's (`organizationId`), and load from the site's address (`base`).
 */
export function themeOf(
  settings: SiteCustomizationSettings,
  siteTitle: string,
  organizationId = "",
  base = "",
): SiteTheme {
  const s = settings.styling;
  const fontFaces = [
    ...fontFacesOf(s.font, organizationId, base),
    ...fontFacesOf(s.monospaceFont, organizationId, base),
  ];
  const links = (items: { title: string; to: Ref | null }[]) =>
    items.flatMap((item) => {
      const href = hrefOf(item.to);
      return href ? [{ title: item.title, href }] : [];
    });
  const announcement = settings.announcement?.enabled ? settings.announcement : undefined;
  const announcementHref = hrefOf(announcement?.link?.to as Ref | undefined);
  const favicon = "icon" in settings.favicon ? settings.favicon.icon : undefined;
  return {
    title: settings.title || siteTitle,
    theme: s.theme,
    primaryColor: s.primaryColor,
    ...(s.tint ? { tint: s.tint.color } : {}),
    infoColor: s.infoColor,
    successColor: s.successColor,
    warningColor: s.warningColor,
    dangerColor: s.dangerColor,
    corners: s.corners,
    font: fontName(s.font),
    monospaceFont: fontName(s.monospaceFont),
    ...(fontFaces.length ? { fontFaces } : {}),
    defaultMode: settings.themes.default,
    toggeable: settings.themes.toggeable,
    ...(settings.header.logo ? { logo: settings.header.logo } : {}),
    ...(favicon ? { favicon } : {}),
    headerLinks: links(settings.header.links as { title: string; to: Ref | null }[]),
    footer: {
      groups: settings.footer.groups.map((g) => ({
        title: g.title,
        links: links(g.links as { title: string; to: Ref }[]),
      })),
      ...(settings.footer.copyright ? { copyright: settings.footer.copyright } : {}),
    },
    ...(announcement
      ? {
          announcement: {
            message: announcement.message,
            style: announcement.style,
            ...(announcement.link && announcementHref
              ? { link: { title: announcement.link.title, href: announcementHref } }
              : {}),
          },
        }
      : {}),
    locale: settings.internationalization.locale,
    externalLinksTarget: settings.externalLinks.target,
    pagination: settings.pagination.enabled,
  };
}
