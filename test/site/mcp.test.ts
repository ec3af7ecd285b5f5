import { describe, expect, it } from "vitest";
import { client } from "../helpers/http";
import { mcpClient, mcpUrl, toolText } from "../helpers/mcp";
import { mergePages, page } from "../helpers/search";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

async function publicSite() {
  const { organization, owner } = await seedOrganization("Mcp");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  await mergePages(owner.token, space.id, [
    page(
      "a",
      "Getting started",
      "# Getting started\n\nInstall the wombat CLI first.\n\n## Configure\n\nSet the burrow depth.\n",
    ),
    page("b", "Reference", "Every flag of the wombat CLI.\n"),
  ]);
  const site = await publishedPublicSite(gb, organization.id, space.id);
  return { organization, owner, gb, space, site };
}

describe("a published site's MCP server", () => {
  it("lists and calls its tools over Streamable HTTP (official SDK client)", async () => {
    const s = await publicSite();
    const mcp = await mcpClient(mcpUrl(s.site.id));
    const tools = await mcp.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual([
      "askQuestion",
      "getPage",
      "getPages",
      "searchDocumentation",
      "sendFeedback",
    ]);
    const found = await mcp.callTool({ name: "searchDocumentation", arguments: { query: "burrow" } });
    console.log(JSON.stringify(found));
    const got = await mcp.callTool({ name: "getPage", arguments: { url: "getting-started" } });
    console.log(toolText(got));
    const resources = await mcp.listResources();
    console.log(JSON.stringify(resources));
    await mcp.close();
  });
});
