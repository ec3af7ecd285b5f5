import type { UrlBases } from "../services/core";
import type { OrganizationRow } from "../services/people";
import { type Access, permissionsObject } from "../services/access";
import type { Organization } from "../wire/organization";

/**
 * A self-hosted deployment has every feature and no billing: `plan` is the top plan, `trial.status` is
 * `notapplicable` (0.202's `count`: 0), and `billing` (optional in the reference) is left out rather than
 * invented. 0.202's `mergeRules` is `none`: Quire enforces no review before a merge.
 */
export function presentOrganization(row: OrganizationRow, access: Access, urls: UrlBases): Organization {
  return {
    object: "organization" as const,
    id: row.id,
    title: row.title,
    createdAt: new Date(row.createdAt).toISOString(),
    emailDomains: row.emailDomains,
    ...(row.hostname ? { hostname: row.hostname } : {}),
    type: row.type,
    ...(row.useCase ? { useCase: row.useCase } : {}),
    ...(row.communityType ? { communityType: row.communityType } : {}),
    defaultRole: row.defaultRole as OrganizationRole,
    ...(row.defaultContentSiteId ? { defaultContent: { type: "site" as const, site: row.defaultContentSiteId } } : {}),
    sso: row.sso,
    ai: row.ai,
    inviteLinks: row.inviteLinks,
    plan: "enterprise_2024" as const,
    ...(row.customHostname ? { customHostname: row.customHostname } : {}),
    urls: {
      location: `${urls.api}/v1/orgs/${row.id}`,
      app: `${urls.app}/o/${row.id}`,
      ...(row.logoUrl ? { logo: row.logoUrl } : {}),
    },
    mergeRules: { type: "none" as const },
    trial: { status: "notapplicable" as const, count: 0 },
    permissions: permissionsObject(access, {
      view: "organization.view",
      access: "organization.view",
      admin: "organization.admin",
      ownTeam: "organization.ownTeam",
      createContent: "organization.createContent",
      createOpenAPISpec: "organization.createOpenAPISpec",
      ingestConversations: "organization.ingestConversations",
      viewBilling: "organization.viewBilling",
      listMembers: "organization.listMembers",
      listTeams: "organization.listTeams",
      listIntegrations: "organization.listIntegrations",
      listInstallations: "organization.listInstallations",
      installIntegration: "organization.installIntegration",
    }),
  };
}

type OrganizationRole = "admin" | "create" | "review" | "edit" | "comment" | "read" | null;
