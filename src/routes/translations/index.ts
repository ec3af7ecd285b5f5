import { createRouter } from "../../http/router";
import * as createTranslation from "./create-translation";
import * as deleteTranslation from "./delete-translation";
import * as getGlossaryEntry from "./get-glossary-entry";
import * as getTranslation from "./get-translation";
import * as listGlossaryEntries from "./list-glossary-entries";
import * as listTranslations from "./list-translations";
import * as runTranslation from "./run-translation";
import * as updateGlossaryEntries from "./update-glossary-entries";
import * as updateTranslation from "./update-translation";

export default createRouter()
  .openapi(listTranslations.route, listTranslations.handler)
  .openapi(createTranslation.route, createTranslation.handler)
  .openapi(getTranslation.route, getTranslation.handler)
  .openapi(updateTranslation.route, updateTranslation.handler)
  .openapi(deleteTranslation.route, deleteTranslation.handler)
  .openapi(runTranslation.route, runTranslation.handler)
  .openapi(listGlossaryEntries.route, listGlossaryEntries.handler)
  .openapi(updateGlossaryEntries.route, updateGlossaryEntries.handler)
  .openapi(getGlossaryEntry.route, getGlossaryEntry.handler);
