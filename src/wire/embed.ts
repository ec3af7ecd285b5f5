import { z } from "@hono/zod-openapi";

/** `?url=`: an absolute http(s) URL (the guard refuses private addresses later, with its own 400). */
export const EmbedQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(2048)
    .refine(
      (value) => {
        try {
          return /^https?:$/.test(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: "must be an absolute http(s) URL" },
    )
    .openapi({ description: "URL to resolve" }),
});

const EmbedCommon = {
  title: z.string(),
  site: z.string().openapi({ description: "The provider's name, or the URL's host name" }),
  icon: z.string().optional().openapi({ description: "The page's icon (favicon) URL" }),
  description: z.string().optional().openapi({ description: "The page's description (OpenGraph)" }),
  image: z.string().optional().openapi({ description: "The page's preview image (OpenGraph) URL" }),
};

/** The reference's Embed: a link card, or rich HTML from the provider's oEmbed (integration embeds: never). */
export const EmbedSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("link"), ...EmbedCommon }),
    z.object({
      type: z.literal("rich"),
      ...EmbedCommon,
      html: z.string().openapi({ description: "The provider's HTML: third-party markup, to show sandboxed" }),
    }),
  ])
  .openapi("Embed");
