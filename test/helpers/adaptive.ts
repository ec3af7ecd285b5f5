import { SignJWT } from "jose";
import { client } from "./http";
import { mergePages, page } from "./search";
import { seedOrganization } from "./seed";

type Visibility = "public" | "share-link" | "visitor-auth";

/**
 * A published site with adaptive content: section Guide (the default; space Guide, and a second variant, space Pro,
 * whose site space shows only when `visitor.claims.plan == "pro"`) and section Beta (space Beta, shown only when
 * `visitor.claims.beta`). A redirect `/old-beta` points at Beta's site space. Every space is merged and indexed;
 * each holds one word no other has (wombat, quokkapro, numbatbeta).
 */
export async function adaptiveSite(visibility: Visibility = "visitor-auth") {
  const { organization, owner } = await seedOrganization("Adaptive");
  const gb = client(owner.token);
  const space = async (title: string, pageTitle: string, markdown: string) => {
    const { data } = await gb.orgs.createSpace(organization.id, { title });
    await mergePages(owner.token, data.id, [page("a", pageTitle, markdown)]);
    return data;
  };
  const guide = await space("Guide", "Wombat care", "Wombats dig burrows.\n");
  const pro = await space("Pro", "Pro tips", "Quokkapro secrets for paying visitors.\n");
  const beta = await space("Beta", "Beta features", "Numbatbeta hidden roadmap.\n");
  const { data: site } = await gb.orgs.createSite(organization.id, { title: "Docs", visibility } as never);
  const section = async (spaceId: string) =>
    (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId } as never)).data;
  const guideSection = await section(guide.id);
  const betaSection = await section(beta.id);
  const { data: proSiteSpace } = await gb.orgs.addSpaceToSite(organization.id, site.id, {
    spaceId: pro.id,
    sectionId: guideSection.id,
  } as never);
  await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, {
    jsonSchema: {
      type: "object",
      properties: {
        beta: { type: "boolean", description: "A beta tester" },
        plan: { type: "string", enum: ["free", "pro"], description: "The visitor's plan" },
      },
      additionalProperties: false,
    },
  } as never);
  const betaCondition = "visitor.claims.beta";
  const proCondition = 'visitor.claims.plan == "pro"';
  await gb.orgs.updateSiteSectionById(organization.id, site.id, betaSection.id, { condition: betaCondition });
  await gb.orgs.updateSiteSpaceById(organization.id, site.id, proSiteSpace.id, { condition: proCondition });
  await gb.orgs.updateSiteById(organization.id, site.id, {
    adaptiveContent: { enabled: true },
    defaultSiteSection: guideSection.id,
  } as never);
  const betaSiteSpaceId = betaSection.siteSpaces[0]!.id;
  await gb.orgs.createSiteRedirect(organization.id, site.id, {
    source: "/old-beta",
    destination: { kind: "site-space", siteSpaceId: betaSiteSpaceId },
  });
  await gb.orgs.publishSite(organization.id, site.id);
  const privateKey =
    visibility === "visitor-auth"
      ? (await gb.orgs.getSitePublishingAuthById(organization.id, site.id)).data.privateKey
      : "";
  /** A visitor JWT signed with the site's key, living `lifetime` (seconds) from now, issued now. */
  const token = (claims: Record<string, unknown>, lifetime = 600) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .sign(new TextEncoder().encode(privateKey));
  };
  return {
    organization,
    owner,
    gb,
    site,
    guide,
    pro,
    beta,
    guideSection,
    betaSection,
    proSiteSpace,
    betaSiteSpaceId,
    betaCondition,
    proCondition,
    privateKey,
    token,
  };
}
