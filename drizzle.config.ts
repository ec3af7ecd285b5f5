import { defineConfig } from "drizzle-kit";

// drizzle-kit 0.31 writes flat migrations/NNNN_name.sql, which both `wrangler d1 migrations apply`
// and the test pool's readD1Migrations() read. Review every generated file for `__new_` table rebuilds.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/index.ts",
  out: "./migrations",
  casing: "snake_case",
});
