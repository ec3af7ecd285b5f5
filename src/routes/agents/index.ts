import { createRouter } from "../../http/router";
import * as getOrganizationAgentInstructions from "./get-organization-agent-instructions";
import * as getSiteAgentSettingsById from "./get-site-agent-settings-by-id";
import * as updateOrganizationAgentInstructions from "./update-organization-agent-instructions";
import * as updateSiteAgentSettingsById from "./update-site-agent-settings-by-id";

/** Issue 31 part 5: a site's agent settings and an organization's agent instructions. */
export default createRouter()
  .openapi(getSiteAgentSettingsById.route, getSiteAgentSettingsById.handler)
  .openapi(updateSiteAgentSettingsById.route, updateSiteAgentSettingsById.handler)
  .openapi(getOrganizationAgentInstructions.route, getOrganizationAgentInstructions.handler)
  .openapi(updateOrganizationAgentInstructions.route, updateOrganizationAgentInstructions.handler);
