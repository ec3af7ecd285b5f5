import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The single seam between the app and D1 (tests count round trips here; a D1 session could slot in). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;
