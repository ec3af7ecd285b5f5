import { createRouter } from "../../http/router";
import * as deleteLegacyGitInstallation from "./delete-legacy-git-installation";
import * as exportToGitRepository from "./export-to-git-repository";
import * as getSpaceGitInfo from "./get-space-git-info";
import * as importGitRepository from "./import-git-repository";

export default createRouter()
  .openapi(importGitRepository.route, importGitRepository.handler)
  .openapi(exportToGitRepository.route, exportToGitRepository.handler)
  .openapi(getSpaceGitInfo.route, getSpaceGitInfo.handler)
  .openapi(deleteLegacyGitInstallation.route, deleteLegacyGitInstallation.handler);
