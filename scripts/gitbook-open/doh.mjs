// A DNS-over-HTTPS JSON resolver on loopback (`GET /dns-query?name=&type=`), answering only the TXT records it
// is given: how the run proves its custom host to Quire (README, "Custom domains") without real DNS.
import { createServer } from "node:http";

/** Starts the resolver; `records` maps a name to its TXT values and may be filled in later. */
export function startDoh(records) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
    const type = url.searchParams.get("type");
    const values = type === "TXT" ? (records.get(name) ?? []) : [];
    const body = {
      Status: values.length ? 0 : 3,
      Question: [{ name, type: 16 }],
      Answer: values.map((v) => ({ name, type: 16, TTL: 60, data: JSON.stringify(v) })),
    };
    res.writeHead(200, { "content-type": "application/dns-json" });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/dns-query`, stop: () => server.close() });
    });
  });
}
