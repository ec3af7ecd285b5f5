import { z } from "@hono/zod-openapi";
import { URLSchema } from "./common";

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

const Id = z.string().min(1).max(256);

/** ContentRef, with `url` references held to http(s) URLs (they become links on the published site). */
export const CustomizationContentRefSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), file: Id }),
    z.object({ kind: z.literal("url"), url: URLSchema }),
    z.object({ kind: z.literal("page"), page: Id, space: Id.optional() }),
    z.object({ kind: z.literal("anchor"), anchor: Id, space: Id.optional(), page: Id.optional() }),
    z.object({ kind: z.literal("user"), user: Id }),
    z.object({ kind: z.literal("collection"), collection: Id }),
    z.object({ kind: z.literal("space"), space: Id }),
    z.object({ kind: z.literal("reusable-content"), reusableContent: Id, space: Id.optional() }),
    z.object({ kind: z.literal("openapi"), spec: Id }),
  ])
  .openapi("CustomizationContentRef");

/** A content reference given to a template; its key and kind are checked against the template (400). */
export const TemplateContentRefSchema = z
  .object({ kind: z.string().min(1).max(50) })
  .catchall(z.unknown())
  .openapi("SpaceTemplateContentRef");
