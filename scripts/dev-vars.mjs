// Creates .dev.vars with a random SIGNING_SECRET for `wrangler dev` when it does not exist yet.
// (Optional: without it the Worker generates and stores its own; deployed Workers may set one with
// `wrangler secret put SIGNING_SECRET`.)
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `SIGNING_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random SIGNING_SECRET for local development.");
}
