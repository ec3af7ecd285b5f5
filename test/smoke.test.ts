import { describe, expect, it } from "vitest";
import { api, client } from "./helpers/http";
import { seedOrganization } from "./helpers/seed";

describe("smoke", () => {
  it("serves the API information and the authenticated user", async () => {
    const info = await api("GET", "/");
    expect(info.status).toBe(200);
    const { owner } = await seedOrganization();
    const raw = await api("GET", "/user", { token: owner.token });
    expect(raw.json).toEqual({});
    const { data } = await client(owner.token).user.getAuthenticatedUser();
    expect(data.id).toBe(owner.user.id);
  });
});
