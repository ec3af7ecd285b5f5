import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { mergePages, page } from "../helpers/search";
import { seedMember, seedOrganization } from "../helpers/seed";

/** A public site about the CLI where readers asked: a question twice, an unanswerable one, and a follow-up. */
async function askedSite() {
  const { organization, owner } = await seedOrganization("Questions");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
  const [cliPage] = await mergePages(owner.token, space.id, [
    page(
      "cli",
      "Installing the CLI",
      "Run npm install quire-cli to install the command line tool.\n\n## Upgrading\n\nRun npm update quire-cli to upgrade the CLI.\n",
    ),
  ]);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility: "public",
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  const base = `${ORIGIN}/v1/orgs/${organization.id}/sites/${site.id}`;
  const say = async (content: string, previousResponseId?: string) => {
    const res = await workerFetch(`${base}/ai/response`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ input: [{ role: "user", content }], previousResponseId, channel: { type: "site" } }),
    });
    const events = (await res.text())
      .split("\n\n")
      .filter((b) => b.startsWith("data: "))
      .map((b) => JSON.parse(b.slice(6)));
    return events.find((e) => e.type === "response_finish").response.id as string;
  };
  const first = await say("How do I install the CLI?");
  await say("how do I install the cli");
  const unknown = await say("What is the airspeed velocity of an unladen swallow?");
  const followup = await say("How do I upgrade the CLI?", first);
  return { organization, owner, gb, space, site, cliPage: cliPage!, first, unknown, followup };
}

describe("site questions and answers", () => {
  it("lists the distinct questions with their stats, gets one, its sources and the site's stats (0.202 client)", async () => {
    const s = await askedSite();
    const gb = currentClient(s.owner.token);
    const { data: list } = await gb.orgs.listSiteQuestions(s.organization.id, s.site.id);
    expect(list.count).toBe(3);
    for (const item of list.items) expectCurrentShape("SiteQuestion", item);
    const install = list.items.find((q) => q.question === "How do I install the CLI?")!;
    expect(install.type).toBe("how-to");
    expect(install.stats).toMatchObject({ total: 1, answers: 2, answered: { yes: 2, partially: 0, no: 0 } });
    expect(install.stats.channelTypes).toEqual({ site: 2 });
    expect(install.stats.weeklyPulse.at(-1)).toBe(2);
    const swallow = list.items.find((q) => q.question.includes("swallow"))!;
    expect(swallow.stats.answered.no).toBe(1);

    // Keyset pages: two and one, nothing lost.
    const first = (await gb.orgs.listSiteQuestions(s.organization.id, s.site.id, { limit: 2 })).data;
    const rest = (await gb.orgs.listSiteQuestions(s.organization.id, s.site.id, { limit: 2, page: first.next!.page }))
      .data;
    expect([...first.items, ...rest.items].map((q) => q.id).sort()).toEqual(list.items.map((q) => q.id).sort());
    expect(rest.next).toBeUndefined();
    const ascending = (await gb.orgs.listSiteQuestions(s.organization.id, s.site.id, { order: "asc" as never })).data;
    expect(ascending.items.map((q) => q.id)).toEqual(list.items.map((q) => q.id).reverse());
    // Sorted by how many answers: the question asked twice first; filtered by resolution: the unanswered one.
    const byAnswers = (await gb.orgs.listSiteQuestions(s.organization.id, s.site.id, { sort: "stats.answers" })).data;
    expect(byAnswers.items[0]!.id).toBe(install.id);
    const unanswered = (await gb.orgs.listSiteQuestions(s.organization.id, s.site.id, { answered: ["no"] as never }))
      .data;
    expect(unanswered.items.map((q) => q.id)).toEqual([swallow.id]);

    const { data: one } = await gb.orgs.getSiteQuestionById(s.organization.id, s.site.id, install.id);
    expectCurrentShape("SiteQuestion", one);
    expect(one.stats.answers).toBe(2);

    const { data: sources } = await gb.orgs.listSiteQuestionSources(s.organization.id, s.site.id, install.id);
    for (const item of sources.items) expectCurrentShape("SiteQuestionAnswerSource", item);
    expect(sources.items.map((x) => (x as { page: string }).page)).toEqual([s.cliPage]);

    const { data: stats } = await gb.orgs.getSiteQuestionStats(s.organization.id, s.site.id);
    expectCurrentShape("SiteQuestionStats", stats);
    expect(stats).toMatchObject({ total: 3, answers: 4, answered: { yes: 3, no: 1 }, feedback: { unrated: 4 } });
    expect(stats.types["how-to"]).toBe(2);
    const none = (
      await gb.orgs.getSiteQuestionStats(s.organization.id, s.site.id, { from: "2099-01-01T00:00:00.000Z" })
    ).data;
    expect(none.answers).toBe(0);
  });

  it("lists answers, gets one with its response, its thread and its cited sources (0.202 client)", async () => {
    const s = await askedSite();
    const gb = currentClient(s.owner.token);
    const { data: answers } = await gb.orgs.listSiteQuestionAnswers(s.organization.id, s.site.id);
    expect(answers.count).toBe(4);
    for (const item of answers.items) expectCurrentShape("SiteQuestionAnswer", item);
    const followup = answers.items.find((a) => a.id === s.followup)!;
    expect(followup.thread).toEqual({ id: s.first, previous: s.first });
    expect(followup.channel).toEqual({ type: "site" });

    const { data: answer } = await gb.orgs.getSiteQuestionAnswerById(s.organization.id, s.site.id, s.first);
    expectCurrentShape("SiteQuestionAnswerWithResponse", answer);
    expect(JSON.stringify(answer.response)).toContain("npm install quire-cli");
    expect(answer.answered).toBe("yes");

    const { data: thread } = await gb.orgs.getSiteQuestionAnswerThreadById(s.organization.id, s.site.id, s.followup);
    expect(thread.map((a) => a.id)).toEqual([s.first, s.followup]);
    for (const item of thread) expectCurrentShape("SiteQuestionAnswerWithResponse", item);

    const { data: cited } = await gb.orgs.listSiteQuestionAnswerSources(s.organization.id, s.site.id, s.first);
    for (const item of cited.items) expectCurrentShape("SiteQuestionAnswerSource", item);
    expect(cited.items[0]).toMatchObject({ type: "page", page: s.cliPage, space: s.space.id, weight: 1 });
    expect(cited.items[0]!.urls.location).toContain(`/~site/${s.site.id}/`);
    const unknownSources = (await gb.orgs.listSiteQuestionAnswerSources(s.organization.id, s.site.id, s.unknown)).data;
    expect(unknownSources).toEqual({ items: [], count: 0 });

    // Filters: one thread, one question, and answers by resolution.
    const inThread = (await gb.orgs.listSiteQuestionAnswers(s.organization.id, s.site.id, { thread: s.first })).data;
    expect(inThread.items.map((a) => a.id).sort()).toEqual([s.first, s.followup].sort());
    const ofQuestion = (
      await gb.orgs.listSiteQuestionAnswers(s.organization.id, s.site.id, { question: answer.question.id })
    ).data;
    expect(ofQuestion.count).toBe(2);
    const no = (await gb.orgs.listSiteQuestionAnswers(s.organization.id, s.site.id, { answered: ["no"] as never }))
      .data;
    expect(no.items.map((a) => a.id)).toEqual([s.unknown]);
  });

  it("are for members who may view the site: 401 without a token, 404 for others, 400 on bad filters", async () => {
    const s = await askedSite();
    const path = `/orgs/${s.organization.id}/sites/${s.site.id}`;
    const reads = [
      "/questions",
      "/question-stats",
      "/answers",
      `/answers/${s.first}`,
      `/answers/${s.first}/thread`,
      `/answers/${s.first}/sources`,
    ];
    const reader = await seedMember(s.organization.id, "read");
    const guest = await seedMember(s.organization.id, null);
    const outsider = await seedOrganization("Elsewhere");
    for (const read of reads) {
      expect((await api("GET", path + read)).status, read).toBe(401);
      expect((await api("GET", path + read, { token: reader.token })).status, read).toBe(200);
      expect((await api("GET", path + read, { token: guest.token })).status, read).toBe(404);
      expect((await api("GET", path + read, { token: outsider.owner.token })).status, read).toBe(404);
    }
    // Another organization's site id under this organization: 404, not its data.
    const other =
      (await outsider.owner) &&
      (await client(outsider.owner.token).orgs.createSite(outsider.organization.id, { title: "Other" } as never)).data;
    expect(
      (await api("GET", `/orgs/${s.organization.id}/sites/${other.id}/questions`, { token: s.owner.token })).status,
    ).toBe(404);
    expect((await api("GET", `${path}/answers/nope`, { token: s.owner.token })).status).toBe(404);
    expect((await api("GET", `${path}/questions/nope`, { token: s.owner.token })).status).toBe(404);
    const bad = await api("GET", `${path}/questions?answered=maybe`, { token: s.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^query\.answered/);
    expect((await api("GET", `${path}/question-stats?from=yesterday`, { token: s.owner.token })).status).toBe(400);
    expect((await api("GET", `${path}/answers?page=notacursor`, { token: s.owner.token })).status).toBe(400);
  });
});
