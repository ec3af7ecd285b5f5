import { describe, expect, it } from "vitest";
import { adaptiveSite } from "../helpers/adaptive";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { mergePages, page } from "../helpers/search";
import { seedMember, seedOrganization } from "../helpers/seed";

const CLI = [
  page(
    "cli",
    "Installing the CLI",
    "Run npm install quire-cli to install the command line tool. It needs a recent runtime.\n\n## Upgrading\n\nRun npm update quire-cli to upgrade the tool.\n",
  ),
  page("wombat", "Wombat care", "Wombats eat grass at night.\n"),
];

/** An organization with a space of CLI docs on a site of the given visibility (published). */
async function docsSite(visibility: "public" | "share-link" = "public") {
  const { organization, owner } = await seedOrganization("Answers");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
  const pages = await mergePages(owner.token, space.id, CLI);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility,
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  return { organization, owner, gb, space, site, pages: { cli: pages[0]!, wombat: pages[1]! } };
}

type Events = Record<string, any>[];

/** Every event of a stream the 0.202 client reads (it stops at `event: done`). */
async function collect(stream: AsyncIterable<unknown>): Promise<Events> {
  const out: Events = [];
  for await (const event of stream) out.push(event as Record<string, any>);
  return out;
}

const ask = (
  token: string | undefined,
  s: { organization: { id: string }; site: { id: string } },
  question: string,
  headers: Record<string, string> = {},
  query: { format?: "document" | "markdown" } = {},
) =>
  collect(
    currentClient(token).orgs.streamAskInSite(
      s.organization.id,
      s.site.id,
      { question, scope: { mode: "default" } } as never,
      query as never,
      { headers },
    ),
  );

describe("streamAskInSite", () => {
  it("answers a visitor of a public site from its pages only, citing each source, in the 0.202 stream shape", async () => {
    const s = await docsSite();
    const events = await ask(undefined, s, "How do I install the CLI?");
    expect(events).toHaveLength(1);
    expectCurrentShape("SearchAIAnswerStream", events[0]);
    const { answer } = events[0]!;
    expect(answer.answer.markdown).toContain("Run npm install quire-cli to install the command line tool. [1]");
    // Every sentence of the answer is a sentence of the docs, with its citation.
    for (const part of answer.answer.markdown.split(/ \[\d\] ?/).filter(Boolean)) {
      expect(CLI[0]!.document.markdown).toContain(part.trim());
    }
    expect(answer.sources[0]).toEqual({
      type: "page",
      page: s.pages.cli,
      space: s.space.id,
      revision: expect.any(String),
      sections: expect.arrayContaining([s.pages.cli]),
    });
    expect(JSON.stringify(answer.sources)).not.toContain(s.pages.wombat);

    // format=document: the same answer as a document.
    const [doc] = await ask(undefined, s, "How do I install the CLI?", {}, { format: "document" });
    expectCurrentShape("SearchAIAnswerStream", doc);
    expect(doc!.answer.answer.document.object).toBe("document");
  });

  it("says it does not know, with no sources, when nothing relevant is found", async () => {
    const s = await docsSite();
    const [event] = await ask(undefined, s, "What is the airspeed velocity of an unladen swallow?");
    expectCurrentShape("SearchAIAnswerStream", event);
    expect(event!.answer.answer.markdown).toMatch(/^I don't know/);
    expect(event!.answer.sources).toEqual([]);
    expect(event!.answer.followupQuestions).toEqual([]);
  });

  it("takes a share-link site's key like the site does; 401 without it, 404 for another organization's site", async () => {
    const s = await docsSite("share-link");
    const { data: link } = await s.gb.orgs.createSiteShareLink(s.organization.id, s.site.id, { name: "Readers" });
    const body = { question: "How do I install the CLI?", scope: { mode: "default" } };
    const path = `/orgs/${s.organization.id}/sites/${s.site.id}/ask`;
    expect((await api("POST", path, { body })).status).toBe(401);
    const outsider = await seedOrganization("Elsewhere");
    expect((await api("POST", path, { body, token: outsider.owner.token })).status).toBe(404);
    expect(
      (await api("POST", `/orgs/${outsider.organization.id}/sites/${s.site.id}/ask`, { body, token: s.owner.token }))
        .status,
    ).toBe(404);
    const [event] = await ask(undefined, s, "How do I install the CLI?", {
      "x-quire-share-key": (link as unknown as { key: string }).key,
    });
    expect(event!.answer.sources.map((x: { page: string }) => x.page)).toContain(s.pages.cli);
  });

  it("answers a visitor only from what adaptive content shows them: a hidden section stays hidden", async () => {
    const s = await adaptiveSite();
    const question = "What is on the numbatbeta roadmap?";
    const hidden = await ask(undefined, s, question, { "x-quire-visitor-token": await s.token({}) });
    expect(hidden[0]!.answer.answer.markdown).toMatch(/^I don't know/);
    expect(JSON.stringify(hidden)).not.toContain(s.beta.id);
    const shown = await ask(undefined, s, question, { "x-quire-visitor-token": await s.token({ beta: true }) });
    expect(shown[0]!.answer.answer.markdown).toContain("Numbatbeta hidden roadmap.");
    expect(shown[0]!.answer.sources.map((x: { space: string }) => x.space)).toEqual([s.beta.id]);
    // No credentials at all: 401, as the site itself.
    expect(
      (
        await api("POST", `/orgs/${s.organization.id}/sites/${s.site.id}/ask`, {
          body: { question, scope: { mode: "all" } },
        })
      ).status,
    ).toBe(401);
  });

  it("narrows the default content around the current site space (restrictTo)", async () => {
    const s = await docsSite();
    const { data: other } = await s.gb.orgs.createSpace(s.organization.id, { title: "Wombats" });
    await mergePages(s.owner.token, other.id, [
      page("w", "Wombat tools", "Wombats install burrows with their claws.\n"),
    ]);
    const { data: docsSection } = await s.gb.orgs.addSectionToSite(s.organization.id, s.site.id, {
      spaceId: s.space.id,
    } as never);
    await s.gb.orgs.addSectionToSite(s.organization.id, s.site.id, { spaceId: other.id } as never);
    const current = docsSection.siteSpaces[0]!.id;
    const scoped = async (scope: unknown) => {
      const events = await collect(
        currentClient().orgs.streamAskInSite(s.organization.id, s.site.id, {
          question: "How do I install the CLI?",
          scope,
        } as never),
      );
      return events[0]!.answer as { answer: { markdown: string }; sources: { space: string }[] };
    };
    const mine = await scoped({ mode: "default", currentSiteSpace: current, restrictTo: "currentSiteSpace" });
    expect(mine.sources.map((x) => x.space)).toEqual([s.space.id]);
    const others = await scoped({ mode: "default", currentSiteSpace: current, restrictTo: "otherSiteSpaces" });
    expect(others.sources.every((x) => x.space === other.id)).toBe(true);
    expect(others.answer.markdown).not.toContain("quire-cli");
  });

  it("answers members on an unpublished site from the spaces they can read; 401 anonymously, 404 to guests", async () => {
    const s = await docsSite();
    const { data: board } = await s.gb.orgs.createSpace(s.organization.id, { title: "Board" });
    await mergePages(s.owner.token, board.id, [page("a", "Install plans", "The confidential CLI install plans.\n")]);
    await s.gb.spaces.updateSpaceById(board.id, { defaultLevel: null } as never);
    await s.gb.orgs.addSpaceToSite(s.organization.id, s.site.id, { spaceId: board.id } as never);
    await s.gb.orgs.unpublishSite(s.organization.id, s.site.id);
    const body = { question: "confidential CLI install plans", scope: { mode: "all" } };
    const path = `/orgs/${s.organization.id}/sites/${s.site.id}/ask`;
    expect((await api("POST", path, { body })).status).toBe(401);
    const guest = await seedMember(s.organization.id, null);
    expect((await api("POST", path, { body, token: guest.token })).status).toBe(404);
    const reader = await seedMember(s.organization.id, "read");
    const asReader = await api("POST", path, { body, token: reader.token });
    expect(asReader.status).toBe(200);
    expect(asReader.text).not.toContain(board.id);
    expect(asReader.text).not.toContain("confidential");
    const asOwner = await api("POST", path, { body, token: s.owner.token });
    expect(asOwner.text).toContain(board.id);
  });

  it("refuses bad input with the contract's 400", async () => {
    const s = await docsSite();
    const path = `/orgs/${s.organization.id}/sites/${s.site.id}/ask`;
    const noScope = await api("POST", path, { body: { question: "cli" } });
    expect(noScope.status).toBe(400);
    expect(noScope.json.error.message).toMatch(/^body\.scope/);
    const long = await api("POST", path, { body: { question: "x".repeat(513), scope: { mode: "all" } } });
    expect(long.status).toBe(400);
    const foreign = await api("POST", path, {
      body: { question: "cli", scope: { mode: "specific", siteSpaceIds: ["nope"] } },
    });
    expect(foreign.status).toBe(400);
  });
});

describe("askInOrganization and streamAskInOrganization", () => {
  it("answer members from the spaces they can read, citing them; others get 404", async () => {
    const s = await docsSite();
    const { data: board } = await s.gb.orgs.createSpace(s.organization.id, { title: "Board" });
    await mergePages(s.owner.token, board.id, [
      page("a", "Install plans", "The confidential CLI install plans are secret.\n"),
    ]);
    await s.gb.spaces.updateSpaceById(board.id, { defaultLevel: null } as never);
    const reader = await seedMember(s.organization.id, "read");

    const { data } = await currentClient(s.owner.token).orgs.askInOrganization(s.organization.id, {
      query: "How do I install the CLI?",
    });
    expectCurrentShape("SearchAIAnswer", data.answer);
    expect(data.answer!.sources.map((x) => (x as { space: string }).space)).toContain(s.space.id);

    const mine = (
      await currentClient(reader.token).orgs.askInOrganization(s.organization.id, {
        query: "confidential install plans",
      })
    ).data;
    expect(JSON.stringify(mine)).not.toContain(board.id);
    expect(JSON.stringify(mine)).not.toContain("secret");

    const streamed = await collect(
      currentClient(s.owner.token).orgs.streamAskInOrganization(s.organization.id, {
        query: "How do I install the CLI?",
      }),
    );
    expectCurrentShape("SearchAIAnswerStream", streamed[0]);
    expect(streamed[0]!.answer.answer.markdown).toContain("npm install quire-cli");

    const outsider = await seedOrganization("Elsewhere");
    const refused = await api("POST", `/orgs/${s.organization.id}/ask`, {
      body: { query: "cli" },
      token: outsider.owner.token,
    });
    expect(refused.status).toBe(404);
    expect((await api("POST", `/orgs/${s.organization.id}/ask`, { body: { query: "cli" } })).status).toBe(401);
    expect((await api("GET", `/orgs/${s.organization.id}/ask/stream`, { token: s.owner.token })).status).toBe(400);
  });
});

/** The events of a raw event-stream response (`data:` lines), and whether it ended with `event: done`. */
async function sse(res: Response) {
  const text = await res.text();
  const blocks = text.split("\n\n").filter(Boolean);
  const done = blocks.at(-1)?.startsWith("event: done") ?? false;
  const events = blocks.filter((b) => b.startsWith("data: ")).map((b) => JSON.parse(b.slice(6)));
  return { events, done };
}

describe("streamAIResponseInSite and streamExistingAIResponseInSite", () => {
  it("answer a conversation's last message as AI response events, continue it, and replay a response", async () => {
    const s = await docsSite();
    const base = `${ORIGIN}/v1/orgs/${s.organization.id}/sites/${s.site.id}/ai/response`;
    const first = await workerFetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ input: [{ role: "user", content: "How do I install the CLI?" }] }),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events, done } = await sse(first);
    expect(done).toBe(true);
    for (const e of events) expectCurrentShape("AIStreamResponse", e);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["response_start", "response_step_start", "response_document", "response_finish"]),
    );
    const finish = events.find((e) => e.type === "response_finish")!;
    const doc = JSON.stringify(events.find((e) => e.type === "response_document"));
    expect(doc).toContain("npm install quire-cli");
    expect(doc).toContain(`/~site/${s.site.id}/`);

    const second = await workerFetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        previousResponseId: finish.response.id,
        input: [{ role: "user", content: "How do I upgrade the CLI?" }],
      }),
    });
    const next = await sse(second);
    expect(next.events.find((e) => e.type === "response_finish").response.previous).toBe(finish.response.id);

    const replay = await sse(await workerFetch(`${base}/${finish.response.id}`));
    expect(JSON.stringify(replay.events.find((e) => e.type === "response_document"))).toBe(doc);
    expect((await workerFetch(`${base}/nope`)).status).toBe(404);
    const unknownPrevious = await workerFetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ previousResponseId: "nope", input: [{ role: "user", content: "cli" }] }),
    });
    expect(unknownPrevious.status).toBe(400);
  });
});

describe("recommended questions", () => {
  it("are the answered questions readers asked, only where the caller may read every source", async () => {
    const s = await docsSite();
    const askAs = (sessionId: string, question: string) =>
      collect(
        currentClient().orgs.streamAskInSite(s.organization.id, s.site.id, {
          question,
          scope: { mode: "default" },
          session: { visitorId: `v-${sessionId}`, sessionId },
        } as never),
      );
    const recommendedToVisitors = async () => {
      const events = await collect(
        currentClient().orgs.streamRecommendedQuestionsInSite(s.organization.id, s.site.id, {}),
      );
      for (const e of events) expectCurrentShape("SearchAIRecommendedQuestionStream", e);
      return events.map((e) => e.question);
    };
    await askAs("one", "How do I install the CLI?");
    await askAs("two", "How do I install the CLI");
    await ask(undefined, s, "What is the airspeed velocity of an unladen swallow?");
    // Two visitors asked it: no visitor's question is shown to other visitors until three sessions asked it.
    expect(await recommendedToVisitors()).toEqual([]);
    await askAs("three", "how do i install the cli?");
    expect(await recommendedToVisitors()).toEqual(["How do I install the CLI?"]);

    const { data } = await currentClient(s.owner.token).orgs.getRecommendedQuestionsInOrganization(s.organization.id);
    expectCurrentShape("SearchAIRecommendedQuestions", data);
    expect(data.questions).toEqual(["How do I install the CLI?"]);
    const streamed = await collect(
      currentClient(s.owner.token).orgs.streamRecommendedQuestionsInOrganization(s.organization.id),
    );
    expect(streamed.map((e) => e.question)).toEqual(["How do I install the CLI?"]);

    // A member who cannot read the cited space is recommended nothing from it.
    const closed = await docsSite("share-link");
    await ask(closed.owner.token, closed, "How do I install the CLI?");
    await closed.gb.spaces.updateSpaceById(closed.space.id, { defaultLevel: null } as never);
    const guest = await seedMember(closed.organization.id, null);
    const seen = await api("GET", `/orgs/${closed.organization.id}/search?query=install`, { token: guest.token });
    expect(seen.json.items, "the guest cannot read the space").toEqual([]);
    const none = await currentClient(guest.token).orgs.getRecommendedQuestionsInOrganization(closed.organization.id);
    expect(none.data.questions).toEqual([]);
    const owners = await currentClient(closed.owner.token).orgs.getRecommendedQuestionsInOrganization(
      closed.organization.id,
    );
    expect(owners.data.questions).toEqual(["How do I install the CLI?"]);
    const outsider = await seedOrganization("Elsewhere");
    expect((await api("GET", `/orgs/${s.organization.id}/ask/questions`, { token: outsider.owner.token })).status).toBe(
      404,
    );
  });
});
