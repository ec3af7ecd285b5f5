import { describe, expect, it } from "vitest";
import { api, client } from "../helpers/http";
import { seedMember } from "../helpers/seed";
import { completed, lang, sourceSpace } from "../helpers/translations";

describe("a translation's result space", () => {
  it("is readable by exactly the source's readers: its defaultLevel and space grants are copied", async () => {
    const s = await sourceSpace();
    const gb = s.api;
    const outsider = await seedMember(s.orgId, "edit", "no-access");
    const granted = await seedMember(s.orgId, "read", "granted");
    await gb.spaces.updateSpaceById(s.space.id, { defaultLevel: null } as never);
    await gb.spaces.inviteToSpace(s.space.id, { role: "edit", users: [granted.user.id] } as never);
    expect((await api("GET", `/spaces/${s.space.id}`, { token: outsider.token })).status).toBe(404);

    const created = await gb.orgs.createTranslation(s.orgId, {
      source: { space: s.space.id, language: lang("en") },
      language: lang("fr"),
    });
    const done = await completed(gb, s.orgId, created.data.id);
    const resultId = done.result!.space;

    expect((await api("GET", `/spaces/${resultId}`, { token: outsider.token })).status).toBe(404);
    const pages = await api("GET", `/spaces/${resultId}/content/page/${s.install}`, { token: outsider.token });
    expect(pages.status).toBe(404);
    const seen = await client(granted.token).spaces.getSpaceById(resultId);
    expect(seen.data.permissions).toMatchObject({ view: true, edit: true, admin: false });
    const result = (await gb.spaces.getSpaceById(resultId)).data as { defaultLevel?: unknown; visibility: string };
    expect(result).toMatchObject({ defaultLevel: null, visibility: "private" });
  });
});
