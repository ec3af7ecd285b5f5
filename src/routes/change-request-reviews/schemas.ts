import { z } from "@hono/zod-openapi";
import { ChangeRequestParams } from "../../wire/params";

export { ChangeRequestParams };
export const ReviewerParams = ChangeRequestParams.extend({ userId: z.string().min(1).max(128) });
