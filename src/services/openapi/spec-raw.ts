import { ApiError } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { getSpecVersion } from "./openapi-specs";

/** The latest version's text exactly as stored, and its format. */
export interface SpecRawContent {
  text: string;
  format: "json" | "yaml";
}

/**
 * The latest version's stored text, as submitted (a text source is stored at submission, so it is there while the
 * version is still pending; a URL source once its fetch succeeded). Its format is the one processing found, or,
 * before that (or when it did not parse), what the text looks like: JSON when it starts with `{`, YAML otherwise.
 * 404 when the spec has no version or no stored text yet (a URL not fetched yet, or whose fetch failed).
 */
export async function getLatestSpecRawContent(
  ctx: ServiceContext,
  organizationId: string,
  slug: string,
): Promise<SpecRawContent> {
  const { version } = await getSpecVersion(ctx, organizationId, slug, "latest");
  const object = await ctx.env.STORAGE.get(version.storageKey);
  if (!object) {
    throw new ApiError(
      404,
      `OpenAPI spec version content not found: the latest version's source has not been fetched (${version.processErrorCode ?? version.processingState})`,
    );
  }
  const text = await object.text();
  return { text, format: version.format ?? (text.trimStart().startsWith("{") ? "json" : "yaml") };
}
