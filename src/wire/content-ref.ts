import { z } from "@hono/zod-openapi";

export const ContentRefSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), file: z.string() }),
    z.object({ kind: z.literal("url"), url: z.string() }),
    z.object({ kind: z.literal("page"), page: z.string(), space: z.string().optional() }),
    z.object({
      kind: z.literal("anchor"),
      anchor: z.string(),
      space: z.string().optional(),
      page: z.string().optional(),
    }),
    z.object({ kind: z.literal("user"), user: z.string() }),
    z.object({ kind: z.literal("collection"), collection: z.string() }),
    z.object({ kind: z.literal("space"), space: z.string() }),
    z.object({ kind: z.literal("reusable-content"), reusableContent: z.string(), space: z.string().optional() }),
    z.object({ kind: z.literal("openapi"), spec: z.string() }),
  ])
  .openapi("ContentRef");
