import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { indexSectionVectors } from "../../src/services/answers";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { client } from "../helpers/http";
import { mergePages, page } from "../helpers/search";
import { seedMember, seedOrganization } from "../helpers/seed";

const bindings = env as { AI?: unknown; VECTORIZE?: unknown };
afterEach(() => {
  delete bindings.AI;
  delete bindings.VECTORIZE;
});

type Match = { id: string; score: number; metadata: Record<string, string> };

/** A stubbed Workers AI binding: embeddings of fixed vectors, and a text model that answers `reply`. */
function stubAI(reply: string) {
  const prompts: string[] = [];
  const embedded: string[][] = [];
  const ai = {
    async run(model: string, input: { text?: string[]; messages?: { role: string; content: string }[] }) {
      if (model === "@cf/baai/bge-base-en-v1.5") {
        embedded.push(input.text!);
        return { shape: [input.text!.length, 3], data: input.text!.map(() => [0.1, 0.2, 0.3]) };
      }
      prompts.push(input.messages!.map((m) => `${m.role}: ${m.content}`).join("\n"));
      return { response: reply };
    },
  };
  bindings.AI = ai;
  return { prompts, embedded };
}

/** A stubbed Vectorize index answering `matches` to every query, recording upserts and deletions. */
function stubVectorize(matches: Match[] = []) {
  const upserted: { id: string; metadata: Record<string, string> }[] = [];
  const deleted: string[] = [];
  bindings.VECTORIZE = {
    async query() {
      return { matches, count: matches.length };
    },
    async upsert(vectors: { id: string; metadata: Record<string, string> }[]) {
      upserted.push(...vectors);
      return { mutationId: "m" };
    },
    async deleteByIds(ids: string[]) {
      deleted.push(...ids);
      return { mutationId: "d" };
    },
  };
  return { upserted, deleted };
}

/** A public site (space Docs: the CLI page and the wombat page) and a space not on it (Board). */
async function world() {
  const { organization, owner } = await seedOrganization("AI answers");
  const gb = client(owner.token);
  const { data: docs } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
  const [cli, wombat] = await mergePages(owner.token, docs.id, [
    page("cli", "Installing the CLI", "Run npm install quire-cli to install the command line tool.\n"),
    page("wombat", "Wombat care", "Wombats eat grass at night.\n"),
  ]);
  const { data: board } = await gb.orgs.createSpace(organization.id, { title: "Board" });
  const [secret] = await mergePages(owner.token, board.id, [page("a", "Plans", "Confidential tooling plans.\n")]);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility: "public",
    spaces: [docs.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  const ask = async (question: string) => {
    const events: Record<string, any>[] = [];
    const stream = currentClient().orgs.streamAskInSite(organization.id, site.id, {
      question,
      scope: { mode: "default" },
    } as never);
    for await (const e of stream) events.push(e as Record<string, any>);
    return events[0]!.answer;
  };
  return { organization, owner, docs, board, site, cli: cli!, wombat: wombat!, secret: secret!, ask };
}

const meta = (spaceId: string, pageId: string, pageTitle: string) => ({
  spaceId,
  pageId,
  anchor: "",
  pageTitle,
  pagePath: "",
});

describe("grounded answers with Workers AI and Vectorize (stubbed bindings)", () => {
  it("writes from the fused FTS + vector sections only, keeps valid citations, and never uses an unreadable space", async () => {
    const w = await world();
    const ai = stubAI("Run npm install quire-cli to install it [1], as the docs say [7].");
    stubVectorize([
      { id: "v1", score: 0.9, metadata: meta(w.board.id, w.secret, "Plans") },
      { id: "v2", score: 0.8, metadata: meta(w.docs.id, w.wombat, "Wombat care") },
    ]);
    const answer = await w.ask("How do I install the CLI?");
    expectCurrentShape("SearchAIAnswer", answer);
    // [7] named no retrieved section: dropped; [1] is the CLI page.
    expect(answer.answer.markdown).toBe("Run npm install quire-cli to install it [1], as the docs say.");
    expect(answer.sources.map((s: { page: string }) => s.page)).toEqual([w.cli]);
    const [prompt] = ai.prompts;
    expect(prompt).toContain("Run npm install quire-cli to install the command line tool.");
    // The vector match of a readable page is fused in; the one of a space not on the site never reaches the model.
    expect(prompt).toContain("Wombats eat grass at night.");
    expect(prompt).not.toContain("Confidential");
    expect(prompt).toContain("ONLY the numbered sources");
    expect(prompt).not.toContain("Instructions from the documentation's owners");
  });

  it("puts the organization's agent instructions into the prompt", async () => {
    const w = await world();
    await currentClient(w.owner.token).orgs.updateOrganizationAgentInstructions(w.organization.id, {
      instructions: "Always answer like a pirate.",
    } as never);
    const ai = stubAI("Run npm install quire-cli [1].");
    stubVectorize();
    await w.ask("How do I install the CLI?");
    expect(ai.prompts[0]).toContain("Instructions from the documentation's owners:\nAlways answer like a pirate.");
  });

  it("fuses vector matches into organization asks only among the spaces the member can read", async () => {
    const w = await world();
    await client(w.owner.token).spaces.updateSpaceById(w.board.id, { defaultLevel: null } as never);
    const reader = await seedMember(w.organization.id, "read");
    const matches = [
      { id: "v1", score: 0.9, metadata: meta(w.board.id, w.secret, "Plans") },
      { id: "v2", score: 0.8, metadata: meta(w.docs.id, w.wombat, "Wombat care") },
    ];
    const ai = stubAI("Run npm install quire-cli [1].");
    stubVectorize(matches);
    const { data } = await currentClient(reader.token).orgs.askInOrganization(w.organization.id, {
      query: "How do I install the CLI?",
    });
    expectCurrentShape("SearchAIAnswer", data.answer);
    expect(ai.prompts[0]).toContain("Wombats eat grass at night.");
    expect(ai.prompts[0]).not.toContain("Confidential");
    // The owner reads the board: its vector match is used.
    const owner = stubAI("Run npm install quire-cli [1].");
    stubVectorize(matches);
    await currentClient(w.owner.token).orgs.askInOrganization(w.organization.id, {
      query: "How do I install the CLI?",
    });
    expect(owner.prompts[0]).toContain("Confidential tooling plans.");
  });

  it("answers I don't know when the model finds nothing or cites nothing", async () => {
    const w = await world();
    stubAI("NO_ANSWER");
    stubVectorize();
    const none = await w.ask("How do I install the CLI?");
    expect(none.answer.markdown).toMatch(/^I don't know/);
    expect(none.sources).toEqual([]);
    stubAI("Install it with your package manager.");
    const uncited = await w.ask("How do I install the CLI?");
    expect(uncited.answer.markdown).toMatch(/^I don't know/);
    expect(uncited.sources).toEqual([]);
  });

  it("indexes a space's sections in Vectorize from its content events, embedding only what changed", async () => {
    const w = await world();
    const ai = stubAI("");
    const vz = stubVectorize();
    const ctx = {
      db: createDb(env.DB),
      env,
      now: Date.now(),
      urls: { api: "https://api.quire.test", app: "https://app" },
    };
    const event = { spaceId: w.docs.id } as never;
    const first = await indexSectionVectors(ctx as never, event, "job");
    expect(first).toEqual({ vectorsEmbedded: 2, vectorsDeleted: 0 });
    expect(vz.upserted.map((v) => v.metadata.pageId).sort()).toEqual([w.cli, w.wombat].sort());
    expect(ai.embedded.flat().some((t) => t.includes("Wombats eat grass"))).toBe(true);
    expect(await indexSectionVectors(ctx as never, event, "job")).toEqual({ vectorsEmbedded: 0, vectorsDeleted: 0 });
    // Inline runs (a request's waitUntil) leave embedding to the job.
    expect(await indexSectionVectors(ctx as never, event, "inline")).toBeUndefined();
    delete bindings.VECTORIZE;
    expect(await indexSectionVectors(ctx as never, event, "job")).toBeUndefined();
  });
});
