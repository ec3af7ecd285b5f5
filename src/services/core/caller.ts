import type { IntegrationScope } from "../../db/schema";

// Who may call a service, as data: the roles, an integration's scoped token, a visitor's pass. The rules that
// read them (permissions, scopes, visibility) are access's; these types sit in core so the ServiceContext can
// name its caller without core importing access.

/** Roles, strongest first (CONTRACT §7). `null` is a guest. */
export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type Role = (typeof ROLES)[number];
/** A member's role: a Role, or null for a guest. */
export type MemberRole = Role | null;

/**
 * The installation an installation token acts for: its organization, the consented scopes and the
 * installation's selections (`all`, or the ids of the spaces and sites it is enabled on).
 */
export interface TokenInstallation {
  id: string;
  organizationId: string;
  scopes: ReadonlySet<IntegrationScope>;
  spaces: "all" | ReadonlySet<string>;
  sites: "all" | ReadonlySet<string>;
}

/**
 * A caller authenticated by a token Quire minted for an integration (services/integrations/tokens.ts): no user.
 * Without `installation` it is the integration itself (it reads its integration and installations and mints
 * installation tokens); with it, it acts for that installation within its scopes.
 */
export interface ScopedCaller {
  kind: "scoped";
  tokenId: string;
  /** The integration's name. */
  integration: string;
  /** The organization that owns (publishes) the integration. */
  ownerOrganizationId: string;
  installation?: TokenInstallation;
  visitor?: VisitorPass;
}

/**
 * What a visitor's credentials open: the published sites (and the spaces they publish) that a share key or a
 * visitor JWT admits them to, and the JWT's claims (adaptive content). Spaces published on a `share-link` or
 * `visitor-auth` site are readable by anyone holding such a pass for one of the sites that publish them, through
 * a site space the pass's claims show (adaptive content: services/access/adaptive-visibility.ts).
 */
export interface VisitorPass {
  sites: ReadonlySet<string>;
  spaces: ReadonlySet<string>;
  claims?: Record<string, unknown>;
  /** A preview link's pass (getSitePublishingPreviewById): its sites are open to it published or not. */
  preview?: boolean;
  /**
   * A site API token's pass (services/access/site-tokens.ts): all its bearer may read. Public content outside it
   * is closed too, so the token reads its own site's published content and nothing else.
   */
  exclusive?: boolean;
}
