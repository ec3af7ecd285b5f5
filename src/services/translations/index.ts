// The translations domain's public surface (translations, their runs, the glossary and the translators): what
// routes, jobs, http and presenters import. Other domains import this one only through this file, and only if
// they rank above it.
export {
  getGlossaryEntry,
  listGlossaryEntries,
  MAX_GLOSSARY_ENTRIES,
  updateGlossaryEntries,
} from "./glossary";
export type { GlossaryEntryRow, GlossaryOperation, GlossaryTranslations } from "./glossary";
export { recordTranslationJobFailure, runTranslationJob } from "./translation-jobs";
export {
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  runTranslation,
  TRANSLATION_JOB_KIND,
  updateTranslation,
} from "./translations";
export type { CreateTranslationInput, TranslationRow } from "./translations";
export { pseudoTranslator, TRANSLATION_LANGUAGES, translatorFor, workersAiTranslator } from "./translator";
export type { TranslationLanguage, Translator } from "./translator";
