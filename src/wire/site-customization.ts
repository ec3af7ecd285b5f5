import { z } from "@hono/zod-openapi";
import {
  CODE_THEMES,
  CUSTOMIZATION_FONTS,
  CUSTOMIZATION_MONOSPACE_FONTS,
  PAGE_ACTION_TYPES,
  SOCIAL_PLATFORMS,
} from "../services/sites";
import { URLSchema } from "./common";
import { CustomizationContentRefSchema } from "./content-ref";
import { CustomizationFontDefinitionInput } from "./font";
import { SiteTitleSchema } from "./site";
import { EmojiSchema } from "./space";

// The reference's SiteCustomizationSettings and its parts, with its enums, lengths and required fields. Colors
// are hex (#rgb or #rrggbb); URLs are absolute http(s) URLs of at most 2048 characters.

const ColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, "must be a hex color (#rgb or #rrggbb)")
  .openapi("Color");
const ThemedColor = z.object({ light: ColorSchema, dark: ColorSchema }).openapi("CustomizationThemedColor");
const ThemedURL = z.object({ light: URLSchema, dark: URLSchema }).openapi("CustomizationThemedURL");
const Tint = z.object({ color: ThemedColor }).openapi("CustomizationTint");
const ContentLink = z
  .object({ title: z.string().max(64).openapi("CustomizationContentLinkTitle"), to: CustomizationContentRefSchema })
  .openapi("CustomizationContentLink");

const HeaderItem = z
  .object({
    title: z.string(),
    style: z.enum(["link", "button-primary", "button-secondary"]).optional(),
    to: CustomizationContentRefSchema.nullable(),
    links: z.array(ContentLink),
    condition: z.string().min(1).max(1024).optional(),
  })
  .openapi("CustomizationHeaderItem");

const FooterGroup = z.object({ title: z.string(), links: z.array(ContentLink) }).openapi("CustomizationFooterGroup");

const Announcement = z
  .object({
    enabled: z.boolean(),
    message: z.string().min(2).max(128).openapi("CustomizationAnnouncementMessage"),
    link: ContentLink.optional(),
    style: z.enum(["info", "warning", "danger", "success"]),
  })
  .openapi("CustomizationAnnouncement");

const Favicon = z
  .union([z.object({ icon: ThemedURL }), z.object({ emoji: EmojiSchema }), z.strictObject({})])
  .openapi("CustomizationFavicon");

const Font = z
  .union([z.enum(CUSTOMIZATION_FONTS).openapi("CustomizationDefaultFont"), CustomizationFontDefinitionInput])
  .openapi("CustomizationFont");
const MonospaceFont = z
  .union([
    z.enum(CUSTOMIZATION_MONOSPACE_FONTS).openapi("CustomizationDefaultMonospaceFont"),
    CustomizationFontDefinitionInput,
  ])
  .openapi("CustomizationMonospaceFont");

const Theme = z.enum(["clean", "muted", "bold", "gradient"]).openapi("CustomizationTheme");
const Corners = z.enum(["straight", "rounded", "circular"]).openapi("CustomizationCorners");
const Depth = z.enum(["subtle", "flat"]).openapi("CustomizationDepth");
const LinksStyle = z.enum(["default", "accent"]).openapi("CustomizationLinksStyle");
const Background = z.enum(["plain", "match"]).openapi("CustomizationBackground", { deprecated: true });
const Icons = z.enum(["regular", "solid", "duotone", "light", "thin"]).openapi("CustomizationIconsStyle");
const SidebarBackground = z.enum(["default", "filled"]).openapi("CustomizationSidebarBackgroundStyle");
const SidebarList = z.enum(["default", "pill", "line"]).openapi("CustomizationSidebarListStyle");
const Search = z.enum(["prominent", "subtle"]).openapi("CustomizationSearchStyle");
const Locale = z.enum(["en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru"]).openapi("CustomizationLocale");
const HeaderPreset = z
  .enum(["default", "bold", "contrast", "custom", "none"])
  .openapi("CustomizationHeaderPreset", { deprecated: true });
const ThemeMode = z.enum(["light", "dark"]).openapi("CustomizationThemeMode");
const ExternalLinksTarget = z.enum(["self", "blank"]).openapi("SiteExternalLinksTarget");
const AIMode = z.enum(["none", "search", "assistant", "integration"]).openapi("CustomizationAIMode");

const CodeTheme = z.enum(CODE_THEMES).openapi("CustomizationCodeTheme");
const ThemedCodeTheme = z.object({ light: CodeTheme, dark: CodeTheme }).openapi("CustomizationThemedCodeTheme");
const PageActionType = z.enum(PAGE_ACTION_TYPES).openapi("CustomizationPageActionType");
const SocialAccount = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS).openapi("SiteSocialAccountPlatform"),
    handle: z.string().min(1).max(128),
    display: z.object({ footer: z.boolean().default(true), header: z.boolean().default(false) }),
  })
  .openapi("SiteSocialAccount");

export const SiteCustomizationSettingsSchema = z
  .object({
    title: SiteTitleSchema.optional(),
    styling: z.object({
      theme: Theme,
      primaryColor: ThemedColor,
      tint: Tint.optional(),
      infoColor: ThemedColor,
      successColor: ThemedColor,
      warningColor: ThemedColor,
      dangerColor: ThemedColor,
      corners: Corners,
      depth: Depth,
      links: LinksStyle,
      font: Font,
      monospaceFont: MonospaceFont,
      background: Background,
      icons: Icons,
      sidebar: z.object({ background: SidebarBackground, list: SidebarList }),
      search: Search,
      // 0.202 (optional here so 0.137 bodies stay valid; always answered).
      codeTheme: z.object({ default: ThemedCodeTheme, openapi: ThemedCodeTheme }).optional(),
    }),
    internationalization: z.object({ locale: Locale }),
    favicon: Favicon,
    header: z.object({
      preset: HeaderPreset,
      logo: ThemedURL.optional(),
      backgroundColor: ThemedColor.optional(),
      linkColor: ThemedColor.optional(),
      links: z.array(HeaderItem),
    }),
    footer: z.object({
      logo: ThemedURL.optional(),
      groups: z.array(FooterGroup),
      copyright: z.string().max(300).optional(),
    }),
    announcement: Announcement.optional(),
    themes: z.object({ default: ThemeMode, toggeable: z.boolean() }),
    pdf: z.object({ enabled: z.boolean() }),
    feedback: z.object({ enabled: z.boolean() }),
    ai: z.object({ mode: AIMode, integrationId: z.string().min(1).max(256).optional() }),
    advancedCustomization: z.object({ enabled: z.boolean() }),
    git: z.object({ showEditLink: z.boolean() }),
    pageActions: z.object({
      externalAI: z.boolean(),
      markdown: z.boolean(),
      // 0.202: the enabled actions in order (sets the booleans when given; answered from them otherwise).
      items: z.array(PageActionType).max(PAGE_ACTION_TYPES.length).optional(),
    }),
    externalLinks: z.object({ target: ExternalLinksTarget }),
    pagination: z.object({ enabled: z.boolean() }),
    trademark: z.object({ enabled: z.boolean() }),
    privacyPolicy: z.object({ url: URLSchema.optional() }),
    socialPreview: z.object({ url: URLSchema.optional() }),
    insights: z.object({ trackingCookie: z.boolean().default(true) }),
    // 0.202 (optional here so 0.137 bodies stay valid; always answered, empty until set).
    socialAccounts: z.array(SocialAccount).max(10).optional(),
  })
  .openapi("SiteCustomizationSettings");

/** A field of an override: absent keeps it, a value overrides the site's, null removes the override. */
const reset = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * overrideSiteSpaceCustomizationById's body: the reference's partial settings, every field nullable (null
 * removes that field's override). `announcement` also takes null (the reference has no other way to remove it).
 */
export const SiteSpaceCustomizationOverrideSchema = z
  .object({
    title: reset(SiteTitleSchema),
    styling: z
      .object({
        theme: reset(Theme),
        primaryColor: reset(ThemedColor),
        infoColor: reset(ThemedColor),
        successColor: reset(ThemedColor),
        warningColor: reset(ThemedColor),
        dangerColor: reset(ThemedColor),
        tint: reset(Tint),
        corners: reset(Corners),
        depth: reset(Depth),
        links: reset(LinksStyle),
        icons: reset(Icons),
        sidebar: z.object({ background: reset(SidebarBackground), list: reset(SidebarList) }).optional(),
        search: reset(Search),
        background: reset(Background),
      })
      .optional(),
    internationalization: z.object({ locale: Locale.nullable() }).optional(),
    favicon: reset(Favicon),
    announcement: reset(Announcement),
    header: z
      .object({
        preset: reset(HeaderPreset),
        logo: reset(ThemedURL),
        backgroundColor: reset(ThemedColor),
        linkColor: reset(ThemedColor),
        links: reset(z.array(HeaderItem)),
      })
      .optional(),
    footer: z
      .object({
        logo: reset(ThemedURL),
        groups: reset(z.array(FooterGroup)),
        copyright: reset(z.string().max(300)),
      })
      .optional(),
    themes: z.object({ default: reset(ThemeMode), toggeable: reset(z.boolean()) }).optional(),
    pdf: z.object({ enabled: z.boolean().nullable() }).optional(),
    feedback: z.object({ enabled: z.boolean().nullable() }).optional(),
    git: z.object({ showEditLink: z.boolean().nullable() }).optional(),
    externalLinks: z.object({ target: ExternalLinksTarget.nullable() }).optional(),
    pagination: z.object({ enabled: z.boolean().nullable() }).optional(),
    trademark: z.object({ enabled: z.boolean().nullable() }).optional(),
    privacyPolicy: z.object({ url: reset(URLSchema) }).optional(),
    socialPreview: z.object({ url: reset(URLSchema) }).optional(),
  })
  .openapi("SiteSpaceCustomizationOverride");

export type SiteCustomizationSettings = z.infer<typeof SiteCustomizationSettingsSchema>;
export type SiteSpaceCustomizationOverride = z.infer<typeof SiteSpaceCustomizationOverrideSchema>;
