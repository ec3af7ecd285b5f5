import { compressToEncodedURIComponent } from "lz-string";
import { describe, expect, it, vi } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

/*
 * Published scripts really run: each test publishes a hand-written ES module that handles the runtime's
 * multipart request (POST /v1 with `event`, `environment`, `fetch-body`) as @gitbook/runtime does, installs it,
 * and reads what the Dynamic Worker did from the recorded events and their traces.
 */

const SCRIPT = `
export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== "/v1") return new Response("bad version", { status: 400 });
    const form = await request.formData();
    const event = JSON.parse(form.get("event"));
    const environment = JSON.parse(form.get("environment"));
    console.log("[script] " + event.type + " for " + environment.integration.name + " v" + environment.integration.version);
    switch (event.type) {
      case "installation_setup": {
        console.info("configured", JSON.stringify(environment.installation.configuration), "secret", environment.secrets.TOKEN);
        console.debug("signing", typeof environment.signingSecrets.integration, environment.signingSecrets.integration.length);
        for (const url of ["http://127.0.0.1:8787/x", "http://169.254.169.254/latest/meta-data", "http://[::1]/"]) {
          try { const r = await fetch(url); console.log("fetched " + url + " " + r.status); }
          catch (e) { console.warn("blocked " + url + ": " + e.message); }
        }
        const own = await fetch(environment.apiEndpoint + "/v1/integrations/" + environment.integration.name);
        console.log("own api " + own.status);
        console.log("tokens " + typeof environment.apiTokens.integration + " " + typeof environment.apiTokens.installation);
        const withToken = await fetch(environment.apiEndpoint + "/v1/integrations/" + environment.integration.name, {
          headers: { authorization: "Bearer " + environment.apiTokens.installation },
        });
        console.log("with installation token " + withToken.status);
        return new Response("OK");
      }
      case "space_installation_setup":
      case "space_content_updated":
        console.log(event.type + " space=" + event.spaceId + " revision=" + event.revisionId);
        return new Response("OK");
      case "task":
        console.log("task " + JSON.stringify(event.task));
        return new Response("OK");
      case "fetch": {
        const body = form.get("fetch-body");
        return Response.json(
          { method: event.request.method, url: event.request.url, installationId: event.installationId ?? null,
            body: body ? await body.text() : null, header: event.request.headers["x-hook"] ?? null },
          { status: 201, headers: { "x-from-script": "yes" } },
        );
      }
      case "ui_render":
        if (event.componentId !== "greeting") return Response.json({ error: "Component " + event.componentId + " not found" }, { status: 404 });
        return Response.json(
          { type: "element", element: { type: "block", children: [{ type: "text", children: ["Hello " + event.props.who] }] },
            state: {}, props: event.props },
          { headers: { "cache-control": "max-age=60" } },
        );
      default:
        return Response.json({ error: "Integration does not handle " + event.type + " events" }, { status: 406 });
    }
  },
};
`;

const THROWING = `export default { async fetch(request) { await request.formData(); console.log("about to fail"); throw new Error("kaboom in the script"); } };`;
// Waits on a 10-minute timer (a promise with nothing behind it is cut by workerd's own hang detector first).
const HANGING = `export default { async fetch(request) { await request.formData(); console.log("waiting"); await new Promise((r) => setTimeout(r, 600000)); return new Response("late"); } };`;

// Loops that never end: a bare one, and one that swallows every error thrown inside it.
const LOOPING = `export default { async fetch(request) { await request.formData(); console.log("looping now"); let n = 0; while (true) n++; } };`;
const SWALLOWING_LOOP = `export default { async fetch(request) { await request.formData(); console.log("looping now"); for (;;) { try { JSON.parse("{"); } catch { } } } };`;

let counter = 0;
const uniqueName = () => `runtime-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

async function published(script: string) {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const name = uniqueName();
  await gb.integrations.publishIntegration(name, {
    title: "Runtime test",
    description: "Runs",
    scopes: ["space:content:read"],
    visibility: "private",
    script,
    organization: organization.id,
    secrets: { TOKEN: "t0ken" },
    configurations: { account: { properties: { city: { type: "string", title: "City" } } } },
  } as never);
  const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
  return { organization, owner, gb, name, installation };
}

type EventItem = { id: string; status: string; payload: { type: string; [k: string]: unknown } };

/** Waits until a final event of `type` is listed, then reads it with its trace. */
async function finalEvent(token: string, name: string, type: string, timeout = 15_000) {
  const found = await vi.waitFor(
    async () => {
      const res = await api("GET", `/integrations/${name}/events?limit=100`, { token });
      expect(res.status).toBe(200);
      const item = (res.json.items as EventItem[]).find((e) => e.payload.type === type);
      if (!item) throw new Error(`no ${type} event yet`);
      return item;
    },
    { timeout, interval: 200 },
  );
  const detail = await api("GET", `/integrations/${name}/events/${found.id}`, { token });
  expect(detail.status).toBe(200);
  return detail.json as { event: EventItem; trace: { logs: { message: string; level: string; timestamp: string }[] } };
}

const messages = (detail: Awaited<ReturnType<typeof finalEvent>>) => detail.trace.logs.map((l) => l.message).join("\n");

describe("integration runtime: published scripts run in Dynamic Workers", () => {
  it("delivers installation_setup through the queue, with the environment, a bounded trace and the SSRF guard", async () => {
    const { owner, gb, name, installation } = await published(SCRIPT);
    const setup = await finalEvent(owner.token, name, "installation_setup");
    expect(setup.event).toMatchObject({
      integrationId: name,
      installationId: installation.id,
      status: "success",
      payload: { type: "installation_setup", installationId: installation.id, status: installation.status },
    });
    const logs = messages(setup);
    expect(logs).toContain(`[script] installation_setup for ${name} v1`);
    expect(logs).toContain("secret t0ken");
    expect(logs).toContain("signing string 64");
    // The sandbox's network is Quire's SSRF guard: loopback and metadata addresses are refused...
    expect(logs).toMatch(/blocked http:\/\/127\.0\.0\.1:8787\/x: .*not allowed/);
    expect(logs).toMatch(/blocked http:\/\/169\.254\.169\.254\/latest\/meta-data: .*not allowed/);
    expect(logs).toMatch(/blocked http:\/\/\[::1\]\/: .*not allowed/);
    expect(logs).not.toContain("fetched ");
    // ...while Quire's own API origin is served in-process (no token: the private integration is a 401 there).
    expect(logs).toContain("own api 401");
    // The environment carries the integration's and the installation's API tokens, which Quire honours.
    expect(logs).toContain("tokens string string");
    expect(logs).toMatch(/with installation token (200|403|404)/);
    expect(setup.trace.logs.find((l) => l.message.startsWith("configured"))?.level).toBe("info");
    expect(setup.trace.logs.find((l) => l.message.startsWith("blocked"))?.level).toBe("warn");

    // A configuration update is another installation_setup, with what it was before.
    await gb.integrations.updateIntegrationInstallation(name, installation.id, { configuration: { city: "Paris" } });
    await vi.waitFor(
      async () => {
        const res = await api("GET", `/integrations/${name}/events`, { token: owner.token });
        const setups = (res.json.items as EventItem[]).filter((e) => e.payload.type === "installation_setup");
        expect(setups).toHaveLength(2);
        expect(setups[0].payload).toMatchObject({ previous: { configuration: {} } });
        const detail = await api("GET", `/integrations/${name}/events/${setups[0].id}`, { token: owner.token });
        expect(JSON.stringify(detail.json.trace.logs)).toContain('configured {\\"city\\":\\"Paris\\"}');
      },
      { timeout: 15_000, interval: 200 },
    );
  }, 40_000);

  it("fires space_installation_setup and, after a merge, space_content_updated", async () => {
    const { organization, owner, gb, name, installation } = await published(SCRIPT);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    const spaceSetup = await finalEvent(owner.token, name, "space_installation_setup");
    expect(spaceSetup.event.payload).toMatchObject({ spaceId: space.id, installationId: installation.id });

    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", ref: "p", title: "Hello", document: { markdown: "hello\n" } },
    ]);
    const merged = await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const updated = await finalEvent(owner.token, name, "space_content_updated");
    expect(updated.event).toMatchObject({
      status: "success",
      payload: { spaceId: space.id, revisionId: merged.data.revision, installationId: installation.id },
    });
    expect(messages(updated)).toContain(`space_content_updated space=${space.id} revision=${merged.data.revision}`);
  }, 40_000);

  it("records a throwing script as a failed event with the error in its trace, after retries", async () => {
    const { owner, name } = await published(THROWING);
    const failed = await finalEvent(owner.token, name, "installation_setup", 30_000);
    expect(failed.event.status).toBe("failed");
    const logs = messages(failed);
    expect(logs).toContain("about to fail");
    expect(logs).toContain("kaboom in the script");
    expect(failed.trace.logs.some((l) => l.level === "error")).toBe(true);
  }, 45_000);

  it("fails a script that never answers (wall-clock timeout) while the API keeps answering", async () => {
    const { owner, gb, name, organization } = await published(HANGING);
    // The delivery is hanging in its isolate meanwhile: the API answers.
    const started = Date.now();
    expect((await gb.orgs.getOrganizationById(organization.id)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const failed = await finalEvent(owner.token, name, "installation_setup", 30_000);
    expect(failed.event.status).toBe("failed");
    expect(messages(failed)).toContain("did not answer within 1500 ms");
  }, 45_000);

  it("stops a script that loops forever (even one that swallows errors) and records it as failed", async () => {
    // A cheap loop spends its iteration budget first; one that throws and catches every turn reaches the deadline.
    const cases = [
      [LOOPING, "loop iterations in one event"],
      [SWALLOWING_LOOP, "still looping at its delivery's deadline"],
    ] as const;
    await Promise.all(
      cases.map(async ([script, reason]) => {
        const { owner, gb, name, organization } = await published(script);
        const failed = await finalEvent(owner.token, name, "installation_setup", 30_000);
        expect(failed.event.status).toBe("failed");
        const logs = messages(failed);
        expect(logs).toContain("looping now");
        expect(logs).toContain(reason);
        // The API answers meanwhile and after.
        expect((await gb.orgs.getOrganizationById(organization.id)).status).toBe(200);
      }),
    );
  }, 45_000);

  it("serves the public endpoints from the script, and answers 502 when it fails", async () => {
    const { owner, name, installation } = await published(SCRIPT);
    const res = await workerFetch(`${ORIGIN}/v1/integrations/${name}/public/hooks/in?x=1&y=2`, {
      method: "POST",
      headers: { "x-hook": "abc", "content-type": "text/plain", authorization: "Bearer not-a-quire-token" },
      body: "payload!",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-from-script")).toBe("yes");
    expect(await res.json()).toEqual({
      method: "post",
      url: `${ORIGIN}/v1/integrations/${name}/public/hooks/in?x=1&y=2`,
      installationId: null,
      body: "payload!",
      header: "abc",
    });
    const perInstallation = await workerFetch(
      `${ORIGIN}/v1/integrations/${name}/installations/${installation.id}/public`,
    );
    expect(perInstallation.status).toBe(201);
    expect(await perInstallation.json()).toMatchObject({ method: "get", installationId: installation.id, body: null });
    // Unknown installation: 404; the fetch events are recorded.
    expect((await workerFetch(`${ORIGIN}/v1/integrations/${name}/installations/nope/public`)).status).toBe(404);
    const fetchEvent = await finalEvent(owner.token, name, "fetch");
    expect(fetchEvent.event.status).toBe("success");

    const broken = await published(THROWING);
    const failed = await workerFetch(`${ORIGIN}/v1/integrations/${broken.name}/public`);
    expect(failed.status).toBe(502);
    expect((await failed.json()) as object).toMatchObject({ error: { code: 502 } });
  }, 40_000);

  it("renders the script's ContentKit element (POST and LZ-string GET) with its Cache-Control", async () => {
    const { organization, owner, name } = await published(SCRIPT);
    const request = {
      componentId: "greeting",
      props: { who: "Quire" },
      context: { type: "configuration_account", theme: "light", organizationId: organization.id },
    };
    const posted = await api("POST", `/integrations/${name}/render`, { token: owner.token, body: request });
    expect(posted.status).toBe(200);
    expect(posted.json).toMatchObject({ type: "element", element: { type: "block" }, props: { who: "Quire" } });
    expect(posted.headers.get("cache-control")).toBe("max-age=60");
    const got = await api(
      "GET",
      `/integrations/${name}/render?request=${compressToEncodedURIComponent(JSON.stringify(request))}`,
      { token: owner.token },
    );
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.json)).toContain("Hello Quire");
    expect((await api("GET", `/integrations/${name}/render?request=garbage!!`, { token: owner.token })).status).toBe(
      400,
    );
    const unknown = await api("POST", `/integrations/${name}/render`, {
      token: owner.token,
      body: { ...request, componentId: "nope" },
    });
    expect(unknown.status).toBe(404);
    // The event carries the caller's state only when there is one (@gitbook/runtime falls back to the component's
    // initialState only when the event has none).
    const renders = await api("GET", `/integrations/${name}/events?limit=100`, { token: owner.token });
    const payloads = (renders.json.items as EventItem[])
      .filter((e) => e.payload.type === "ui_render")
      .map((e) => e.payload);
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(payload).not.toHaveProperty("state");
    const withState = await api("POST", `/integrations/${name}/render`, {
      token: owner.token,
      body: { ...request, state: { n: 1 } },
    });
    expect(withState.status).toBe(200);
    const latest = await api("GET", `/integrations/${name}/events?limit=1`, { token: owner.token });
    expect((latest.json.items as EventItem[])[0].payload).toMatchObject({ type: "ui_render", state: { n: 1 } });
    // Someone outside the organization cannot render in its context.
    const stranger = await seedUser("stranger");
    expect((await api("POST", `/integrations/${name}/render`, { token: stranger.token, body: request })).status).toBe(
      404,
    );
  }, 30_000);

  it("queues and delivers a task", async () => {
    const { owner, name } = await published(SCRIPT);
    const queued = await api("POST", `/integrations/${name}/tasks`, {
      token: owner.token,
      body: { task: { type: "sync", n: 1 } },
    });
    expect(queued.status).toBe(204);
    const task = await finalEvent(owner.token, name, "task");
    expect(task.event).toMatchObject({ status: "success", payload: { type: "task", task: { type: "sync", n: 1 } } });
    expect(messages(task)).toContain('task {"type":"sync","n":1}');
  }, 30_000);

  it("shows events to the owner organization's admins only", async () => {
    const { organization, owner, name } = await published(SCRIPT);
    const setup = await finalEvent(owner.token, name, "installation_setup");
    const outsider = await seedOrganization("Other");
    expect((await api("GET", `/integrations/${name}/events`, { token: outsider.owner.token })).status).toBe(404);
    expect(
      (await api("GET", `/integrations/${name}/events/${setup.event.id}`, { token: outsider.owner.token })).status,
    ).toBe(404);
    const member = await seedMember(organization.id, "read");
    expect((await api("GET", `/integrations/${name}/events`, { token: member.token })).status).toBe(403);
    expect((await api("GET", `/integrations/${name}/events/nope`, { token: owner.token })).status).toBe(404);
    expect((await api("GET", `/integrations/${name}/events`)).status).toBe(401);
    expect((await api("POST", `/integrations/${name}/tasks`, { token: member.token, body: { task: {} } })).status).toBe(
      403,
    );
  }, 30_000);
});
