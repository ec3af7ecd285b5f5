import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { serviceContext } from "../../http/context";
import type { AppEnv } from "../../http/app-env";
import { importContent, type ImportTarget } from "../../services/imports";
import type { ImportContentBody } from "./schemas";

/** Shared handler body: runs the import and answers 201 with the revision's location. */
export async function respondWithImport(
  c: Context<AppEnv>,
  spaceId: string,
  target: ImportTarget,
  body: z.infer<typeof ImportContentBody>,
) {
  const ctx = serviceContext(c);
  const result = await importContent(ctx, spaceId, target, body);
  c.header("Location", `${ctx.urls.api}/v1/spaces/${spaceId}/revisions/${result.revision}`);
  return c.json(result, 201);
}
