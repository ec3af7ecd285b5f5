// Before the tests: build the static assets, and install the Debian programs some tests drive when the machine
// lacks them (CI machines start without them; they run as root).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

execSync("node scripts/build-assets.mjs", { stdio: "inherit" });

/** [program the tests run, Debian package that provides it] */
const PROGRAMS = [
  // e2e/reference.test.ts renders the reference and landing pages in headless Chromium (playwright-core).
  ["/usr/bin/chromium", "chromium"],
  ["/usr/bin/pdftotext", "poppler-utils"], // e2e/pdf-scripts.test.ts reads change-request PDFs back
];

const missing = PROGRAMS.filter(([program]) => !existsSync(program)).map(([, pkg]) => pkg);
if (missing.length > 0) {
  console.log(`pretest: installing Debian packages ${missing.join(", ")}`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`,
    {
      stdio: "inherit",
    },
  );
}
