import { describe, expect, it } from "vitest";
import { client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

describe("users", () => {
  it("getAuthenticatedUser returns the caller's profile", async () => {
    const { user, token } = await seedUser("ada");
    const { data } = await client(token).user.getAuthenticatedUser();
    expect(data).toEqual({
      object: "user",
      id: user.id,
      displayName: user.displayName,
      email: user.email,
      urls: { location: `https://api.quire.test/v1/users/${user.id}` },
    });
  });

  it("getUserById shows self and co-members, and 404s strangers", async () => {
    const { organization, owner } = await seedOrganization();
    const member = await seedMember(organization.id, "read");
    const stranger = await seedUser("stranger");
    expect((await client(owner.token).users.getUserById(owner.user.id)).data.id).toBe(owner.user.id);
    expect((await client(owner.token).users.getUserById(member.user.id)).data.email).toBe(member.user.email);
    const error = await clientError(client(stranger.token).users.getUserById(owner.user.id));
    expect(error.code).toBe(404);
    expect(error.errorMessage).toBe("User not found");
    expect((await clientError(client(owner.token).users.getUserById("nope"))).code).toBe(404);
  });

  it("updateUserById changes one's own profile", async () => {
    const { user, token } = await seedUser();
    const { data } = await client(token).users.updateUserById(user.id, {
      displayName: "Ada Lovelace",
      photoURL: "https://example.com/ada.png",
    });
    expect(data).toMatchObject({ displayName: "Ada Lovelace", photoURL: "https://example.com/ada.png" });
    expect((await client(token).user.getAuthenticatedUser()).data.displayName).toBe("Ada Lovelace");
  });

  it("updateUserById refuses other people's profiles with 403 and bad input with 400", async () => {
    const { organization, owner } = await seedOrganization();
    const member = await seedMember(organization.id, "admin");
    const error = await clientError(
      client(member.token).users.updateUserById(owner.user.id, { displayName: "Hacked" }),
    );
    expect(error.code).toBe(403);
    const empty = await clientError(client(owner.token).users.updateUserById(owner.user.id, { displayName: "" }));
    expect(empty.code).toBe(400);
    expect(empty.errorMessage).toMatch(/^body\.displayName/);
    const long = await clientError(
      client(owner.token).users.updateUserById(owner.user.id, { displayName: "x".repeat(65) }),
    );
    expect(long.code).toBe(400);
    const photo = await clientError(client(owner.token).users.updateUserById(owner.user.id, { photoURL: "not a url" }));
    expect(photo.errorMessage).toMatch(/^body\.photoURL/);
  });

  it("401s without a token", async () => {
    expect((await clientError(client().user.getAuthenticatedUser())).code).toBe(401);
    expect((await clientError(client().users.getUserById("x"))).code).toBe(401);
    expect((await clientError(client().users.updateUserById("x", {}))).code).toBe(401);
  });
});
