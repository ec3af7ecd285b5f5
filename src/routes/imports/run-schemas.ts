import { z } from "@hono/zod-openapi";
import { OrganizationParams } from "../../wire/params";

export const ImportRunParams = OrganizationParams.extend({ importRunId: z.string().min(1).max(128) });
