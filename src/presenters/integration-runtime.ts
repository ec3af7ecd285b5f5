import { issueInstallationToken, issueIntegrationToken, type RuntimePresenters } from "../services/integrations";
import {
  presentInstallation,
  presentIntegration,
  presentSiteInstallation,
  presentSpaceInstallation,
} from "./integration";

/** How scripts' environments present Quire's objects (the same presenters as the API), and their token issuers. */
export const runtimePresenters: RuntimePresenters = {
  tokens: { integration: issueIntegrationToken, installation: issueInstallationToken },
  integration: presentIntegration,
  installation: presentInstallation,
  spaceInstallation: (view, urls) => presentSpaceInstallation(view, urls),
  siteInstallation: (view, urls) => presentSiteInstallation(view, urls),
};
