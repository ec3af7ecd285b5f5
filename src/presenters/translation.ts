import { markdownToDocument } from "../content/markdown";
import { type Access, permissionsObject } from "../services/access";
import type { UrlBases } from "../services/core";
import type { GlossaryEntryRow, TranslationRow } from "../services/translations";
import type { GlossaryEntry, Translation } from "../wire/translation";

const iso = (ms: number) => new Date(ms).toISOString();
const translationsLocation = (organizationId: string, urls: UrlBases) =>
  `${urls.api}/v1/orgs/${organizationId}/translations`;

/**
 * A translation as the reference shows it, plus Quire's `lastRunError` (present while the last run failed or
 * its current attempt is being retried). `result` appears once a run has written the result space.
 */
export function presentTranslation(row: TranslationRow, access: Access, urls: UrlBases): Translation {
  return {
    object: "translation" as const,
    id: row.id,
    status: row.status,
    source: { space: row.sourceSpaceId, language: row.sourceLanguage },
    language: row.language,
    instructions: markdownToDocument(row.instructions),
    ...(row.resultSpaceId && row.resultRevisionId
      ? { result: { space: row.resultSpaceId, revision: row.resultRevisionId } }
      : {}),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    stats: {
      runs: row.runs,
      totalWords: row.totalWords,
      totalPages: row.totalPages,
      totalDuration: row.totalDuration,
      latestRunDuration: row.latestRunDuration,
      latestPages: row.latestPages,
      latestWords: row.latestWords,
    },
    ...(row.lastRunError ? { lastRunError: row.lastRunError } : {}),
    permissions: permissionsObject(access, { view: "translation.view", edit: "translation.manage" }),
    urls: { location: `${translationsLocation(row.organizationId, urls)}/${row.id}` },
  };
}

export function presentGlossaryEntry(row: GlossaryEntryRow, urls: UrlBases): GlossaryEntry {
  return {
    object: "glossary-entry" as const,
    id: row.id,
    translations: row.translations,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    urls: { location: `${urls.api}/v1/orgs/${row.organizationId}/translations-glossary/${row.id}` },
  };
}
