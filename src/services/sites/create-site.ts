import { and, eq } from "drizzle-orm";
import { slugify, uniqueSlug } from "../../content/slug";
import { batch } from "../../db/batch";
import { organizationMembers, siteSpaces, sites } from "../../db/schema";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { authorize, type MemberRole, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { enableOnEverySite } from "./site-selection";
import { createSpace } from "../spaces";
import { publishableSpaces } from "./publishable-spaces";
import type { SiteRow, SiteView } from "./sites";

export interface CreateSiteInput {
  type?: SiteRow["type"];
  title?: string;
  visibility?: SiteRow["visibility"];
  /** Existing spaces to publish at the site's root, or a new space (`empty`, or `sample` from a template). */
  spaces?: string[] | "sample" | "empty";
}

/**
 * createSite (`create` and up): an unpublished site; `spaces` (each needs the caller to be its admin) become its
 * root site spaces in the order given (the first is the default), each at a path made from its title, unique
 * among them. Integration installations selecting all sites are enabled on it.
 */
export async function createSite(ctx: ServiceContext, organizationId: string, input: CreateSiteInput) {
  requireUser(ctx.caller);
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, "site.manage", "Organization");
  const title = input.title?.trim() || "Docs";
  let spaceRows: { id: string; title: string }[] = [];
  if (input.spaces === "sample" || input.spaces === "empty") {
    const created = await createSpace(ctx, organizationId, {
      title,
      ...(input.spaces === "sample" ? { template: { id: "getting-started" } } : {}),
    });
    spaceRows = [{ id: created.row.id, title: created.row.title }];
  } else if (input.spaces?.length) {
    spaceRows = await publishableSpaces(ctx, organizationId, input.spaces, "spaces");
  }
  const siteId = newId();
  const taken = new Set<string>();
  let sortKey: string | null = null;
  const siteSpaceRows = spaceRows.map((space) => {
    sortKey = keyBetween(sortKey, null);
    const path = uniqueSlug(slugify(space.title), taken);
    taken.add(path);
    return {
      id: newId(),
      siteId,
      organizationId,
      spaceId: space.id,
      sectionId: null,
      path,
      sortKey,
      condition: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
  });
  const row: SiteRow = {
    id: siteId,
    organizationId,
    title,
    type: input.type ?? "basic",
    visibility: input.visibility ?? "public",
    published: false,
    basename: null,
    proxy: null,
    proxyHost: null,
    proxyStatus: null,
    proxyToken: null,
    proxyClaimedAt: null,
    agentsContext: "included",
    adaptiveContent: false,
    adaptiveSchema: null,
    defaultSiteSpaceId: siteSpaceRows[0]?.id ?? null,
    defaultSiteSectionId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await batch(ctx.db, [
    ctx.db.insert(sites).values(row),
    siteSpaceRows.length ? ctx.db.insert(siteSpaces).values(siteSpaceRows) : undefined,
    enableOnEverySite(ctx.db, { organizationId, siteId }, ctx.now),
  ]);
  return { row, siteSpaces: siteSpaceRows.length, access } satisfies SiteView;
}

/**
 * createOrganization's `withDefaultSite`: the new organization's first site (unpublished) with a sample space.
 * The caller's token was read before the organization existed, so their membership is read again here (from
 * the database, not assumed): only its admin gets a site made.
 */
export async function createDefaultSite(ctx: ServiceContext, organizationId: string, title: string) {
  const caller = requireUser(ctx.caller);
  const [membership] = await ctx.db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, caller.userId)))
    .limit(1);
  const memberships = new Map(caller.memberships);
  if (membership) memberships.set(organizationId, membership.role as MemberRole);
  return createSite({ ...ctx, caller: { ...caller, memberships } }, organizationId, { title, spaces: "sample" });
}
