import { markdownToDocument } from "../content/markdown";
import type { UrlBases } from "../services/core";
import type { AgentInstructionsView, SiteAgentSettingsView } from "../services/agents";
import type { OrganizationAgentInstructions, SiteAgentSettings } from "../wire/agents";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentSiteAgentSettings(view: SiteAgentSettingsView, urls: UrlBases): SiteAgentSettings {
  return {
    object: "site-agent-settings" as const,
    scans: { topics: view.scanTopics },
    findings: { changeRequests: view.findingChangeRequests },
    editing: { customInstructions: markdownToDocument(view.editingInstructions) },
    ...(view.updatedAt !== undefined ? { updatedAt: iso(view.updatedAt) } : {}),
    ...(view.updatedBy !== undefined ? { updatedBy: view.updatedBy } : {}),
    urls: { location: `${urls.api}/v1/orgs/${view.organizationId}/sites/${view.siteId}/agent-settings` },
  };
}

export function presentAgentInstructions(view: AgentInstructionsView, urls: UrlBases): OrganizationAgentInstructions {
  return {
    object: "agent-instructions" as const,
    instructions: markdownToDocument(view.instructions),
    updatedAt: iso(view.updatedAt),
    updatedBy: view.updatedBy,
    urls: { location: `${urls.api}/v1/orgs/${view.organizationId}/agent-instructions` },
  };
}
