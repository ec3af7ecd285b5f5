import { z } from "@hono/zod-openapi";
import { OrganizationParams } from "../../wire/params";

export const FontParams = OrganizationParams.extend({ fontId: z.string().min(1).max(64) });
