// The agents domain's public surface (issue 31 part 5): a site's agent settings and an organization's agent
// instructions. Ranks above `embeds` (README "Service domains"); imports only lower domains, through their index.ts.
export {
  agentInstructions,
  agentInstructionsStatement,
  getAgentInstructions,
  updateAgentInstructions,
} from "./agent-instructions";
export type { AgentInstructionsView } from "./agent-instructions";
export { getSiteAgentSettings, updateSiteAgentSettings } from "./site-agent-settings";
export type {
  FindingChangeRequests,
  ScanTopics,
  SiteAgentSettingsUpdate,
  SiteAgentSettingsView,
} from "./site-agent-settings";
