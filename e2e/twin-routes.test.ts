// Twin routes (one operation per content target: a space's main, a revision, a change request) keep their own
// file and `defineRoute`, and answer with one shared handler; the target is resolved once, from the path, by the
// shared module (src/http/content-handlers.ts, src/routes/imports/handlers.ts), never by a route of its own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const routes = sourceFiles(join(src, "routes")).map((file) => ({
  name: relative(src, file),
  text: readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""),
}));

/** The route file that declares `operationId`. */
function routeOf(operationId: string) {
  const found = routes.filter((r) => r.text.includes(`operationId: "${operationId}"`));
  expect(
    found.map((r) => r.name),
    operationId,
  ).toHaveLength(1);
  return found[0]!;
}

/** Each family of twins, by the shared handler its routes answer with. */
const FAMILIES: Record<string, string[]> = {
  getRevisionOn: ["getCurrentRevision", "getRevisionById", "getRevisionOfChangeRequestById"],
  listPagesOn: ["listPages", "listPagesInRevisionById", "listPagesInChangeRequest"],
  getPageOn: [
    "getPageById",
    "getPageByPath",
    "getPageInRevisionById",
    "getPageInRevisionByPath",
    "getPageInChangeRequestById",
    "getPageInChangeRequestByPath",
  ],
  listFilesOn: ["listFiles", "listFilesInRevisionById", "listFilesInChangeRequestById"],
  getFileOn: ["getFileById", "getFileInRevisionById", "getFileInChangeRequestById"],
  getReusableContentOn: [
    "getReusableContentById",
    "getReusableContentInRevisionById",
    "getReusableContentInChangeRequestById",
  ],
  getChangesOn: ["getRevisionSemanticChanges", "getChangeRequestChanges"],
  listLinksOn: ["listSpaceLinks", "listPageLinksInSpace", "listChangeRequestLinks", "listPageLinksInChangeRequest"],
  listBacklinksOn: [
    "listSpacePageBacklinks",
    "listSpaceFileBacklinks",
    "listChangeRequestPageBacklinks",
    "listChangeRequestFileBacklinks",
  ],
  getPdfOn: ["getSpacePDF", "getChangeRequestPDF"],
  importInto: [
    "importContent",
    "importContentInPageById",
    "importContentInChangeRequest",
    "importContentInChangeRequestPageById",
  ],
};

describe("twin routes", () => {
  for (const [shared, operationIds] of Object.entries(FAMILIES)) {
    it(`${operationIds.join(", ")} answer with ${shared}`, () => {
      for (const operationId of operationIds) {
        const { name, text } = routeOf(operationId);
        const handler = text.slice(text.indexOf("export const handler"));
        expect(handler, name).toMatch(
          new RegExp(
            `^export const handler: AppRouteHandler<typeof route> = async \\(c\\) =>[^;]*\\b${shared}\\(c\\)[^;]*;\\s*$`,
          ),
        );
      }
    });
  }

  it("leave the content target to the shared handlers: no route builds one itself", () => {
    const building = routes
      .filter((r) => /\bkind:\s*"(?:main|revision|change-request|merge-base)"/.test(r.text))
      .map((r) => r.name);
    expect(building).toEqual([]);
  });
});
