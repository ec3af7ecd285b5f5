/**
 * Applying a built-in template (src/templates) to a space: the template's pages as one batch of content
 * changes, written as exactly one revision, either onto the space's primary content (`applyTemplateToSpace`)
 * or as a new space's first revision (`createSpace` with `template`, in the same batch as the space row).
 */
import { applyChanges } from "../../content/apply";
import { computedSpecSlugsOf } from "../../content/computed";
import { emptySnapshot, type Snapshot } from "../../content/model";
import { contentInsertStatements, serializeSnapshot } from "../../content/snapshot-store";
import { revisions } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { findTemplate, templateChanges, type TemplateContentRef, validateContentRefs } from "../../templates/catalog";
import { contentDeps, loadContent, writeMainContent } from "../revisions";
import type { ServiceContext } from "../core";

export interface ApplyTemplateInput {
  id: string;
  params?: { contentRefs?: Record<string, unknown> };
}

/** The template and its validated references (400 for an unknown id, key, kind or malformed reference). */
export function resolveTemplate(input: ApplyTemplateInput, field = "body") {
  try {
    const template = findTemplate(input.id);
    return { template, refs: validateContentRefs(template, input.params?.contentRefs) };
  } catch (error) {
    if (field !== "body" && error instanceof Error) error.message = error.message.replace(/^body\./, `${field}.`);
    throw error;
  }
}

/** References to this space's files and pages must name ones that exist in the content the template lands on. */
function checkLocalRefs(snapshot: Snapshot, refs: Partial<Record<string, TemplateContentRef>>, field: string) {
  for (const [key, ref] of Object.entries(refs)) {
    if (ref?.kind === "file" && !snapshot.files.has(ref.file)) {
      throw badRequest(`${field}.params.contentRefs.${key}.file: no file "${ref.file}" in this space`);
    }
    if (ref?.kind === "page" && ref.space === undefined && !snapshot.pages.has(ref.page)) {
      throw badRequest(`${field}.params.contentRefs.${key}.page: no page "${ref.page}" in this space`);
    }
  }
}

/** applyTemplateToSpace: the template's pages appended to the space's primary content as one new revision. */
export async function applyTemplateToSpace(
  ctx: ServiceContext,
  spaceId: string,
  input: ApplyTemplateInput,
): Promise<{ revisionId: string }> {
  const { template, refs } = resolveTemplate(input);
  const needsContent = Object.values(refs).some(
    (ref) => ref?.kind === "file" || (ref?.kind === "page" && ref.space === undefined),
  );
  if (needsContent) {
    // Authorizes first (404/403), then checks the references against main.
    const { snapshot } = await loadContent(ctx, spaceId, { kind: "main" }, { action: "space.edit" });
    checkLocalRefs(snapshot, refs, "body");
  }
  const { revisionId } = await writeMainContent(ctx, spaceId, templateChanges(template, refs));
  return { revisionId };
}

/**
 * A new space's first revision holding the template's pages: the statements to run in the same batch as the
 * space row (so that the space never exists without its template content). References to files or pages of
 * the space are refused: a new space has none.
 */
export async function templateFirstRevisionStatements(
  ctx: ServiceContext,
  input: { spaceId: string; revisionId: string; createdBy: string; template: ApplyTemplateInput },
) {
  const { template, refs } = resolveTemplate(input.template, "body.template");
  const empty = emptySnapshot();
  checkLocalRefs(empty, refs, "body.template");
  const applied = await applyChanges(empty, templateChanges(template, refs), contentDeps(ctx, input.spaceId));
  const write = await serializeSnapshot(applied.snapshot);
  return [
    ...contentInsertStatements(ctx.db, input.spaceId, write.nodes, applied.bodies),
    ctx.db.insert(revisions).values({
      id: input.revisionId,
      spaceId: input.spaceId,
      type: "edits",
      parents: [],
      rootNode: write.rootNode,
      filesNode: write.filesNode,
      reusablesNode: write.reusablesNode,
      locatorNode: write.locatorNode,
      variables: applied.snapshot.variables,
      computedSpecs: computedSpecSlugsOf(applied.snapshot),
      createdBy: input.createdBy,
      createdAt: ctx.now,
    }),
  ];
}
