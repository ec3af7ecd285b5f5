import { z } from "@hono/zod-openapi";
import type { KnownContentRef } from "../content/document";
import { URLSchema } from "./common";

/**
 * The reference's ContentRef variants, over an id and a URL schema: the one list of them. Its type is the
 * content engine's KnownContentRef (content/document.ts), which the layers below use; the check under it keeps
 * the two the same.
 */
function contentRefOf(id: z.ZodString, url: z.ZodType<string>) {
  return z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("file"), file: id }),
    z.object({ kind: z.literal("url"), url }),
    z.object({ kind: z.literal("page"), page: id, space: id.optional() }),
    z.object({ kind: z.literal("anchor"), anchor: id, space: id.optional(), page: id.optional() }),
    z.object({ kind: z.literal("user"), user: id }),
    z.object({ kind: z.literal("collection"), collection: id }),
    z.object({ kind: z.literal("space"), space: id }),
    z.object({ kind: z.literal("reusable-content"), reusableContent: id, space: id.optional() }),
    z.object({ kind: z.literal("openapi"), spec: id }),
  ]);
}

export const ContentRefSchema = contentRefOf(z.string(), z.string()).openapi("ContentRef");
export type ContentRef = z.infer<typeof ContentRefSchema>;

/** ContentRef, with ids bounded and `url` references held to http(s) URLs (they become links on the published site). */
export const CustomizationContentRefSchema = contentRefOf(z.string().min(1).max(256), URLSchema).openapi(
  "CustomizationContentRef",
);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A compile error when the wire's ContentRef and the content engine's drift apart.
true satisfies Same<ContentRef, KnownContentRef>;
true satisfies Same<z.infer<typeof CustomizationContentRefSchema>, KnownContentRef>;

/** A content reference given to a template; its key and kind are checked against the template (400). */
export const TemplateContentRefSchema = z
  .object({ kind: z.string().min(1).max(50) })
  .catchall(z.unknown())
  .openapi("SpaceTemplateContentRef");
