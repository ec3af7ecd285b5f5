// The benchmark's anchor: authenticates the bearer token and reads one row, both in one D1 batch, and answers
// the row as JSON. `GET /spaces/{spaceId}` (any path ending in a space id works). Quire's reads are quoted as
// a ratio of this Worker's throughput on the same machine, under the same `wrangler dev` and local D1.

interface Env {
  DB: D1Database;
}

/** As Quire stores tokens (src/lib/crypto.ts sha256Hex): lowercase hex SHA-256 of the whole token. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export default {
  async fetch(request, env) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!token) return Response.json({ error: { code: 401, message: "No token" } }, { status: 401 });
    const spaceId = new URL(request.url).pathname.split("/").pop() ?? "";
    const [caller, space] = await env.DB.batch([
      env.DB.prepare("SELECT id, user_id FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL").bind(
        await sha256Hex(token),
      ),
      env.DB.prepare("SELECT * FROM spaces WHERE id = ?").bind(spaceId),
    ]);
    if (!caller.results.length) return Response.json({ error: { code: 401, message: "Bad token" } }, { status: 401 });
    if (!space.results.length) return Response.json({ error: { code: 404, message: "No space" } }, { status: 404 });
    return Response.json(space.results[0]);
  },
} satisfies ExportedHandler<Env>;
