import { describe, expect, it } from "vitest";
import { workerFetch } from "../helpers/http";

// `/__scheduled` is a `wrangler dev` build's only (src/index.ts, jobs/dev-triggers.ts; e2e/bootstrap.test.ts and
// e2e/zero-config.test.ts run it through a real wrangler dev). Any other build of the Worker, this pool's as a
// deployed one's, leaves the path to the app, which serves no such route: nobody can run the cron tasks over HTTP.
describe("the scheduled trigger outside wrangler dev", () => {
  it("is not served", async () => {
    const res = await workerFetch("https://api.quire.test/__scheduled?cron=0+3+*+*+*");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Ran scheduled event");
  });
});
