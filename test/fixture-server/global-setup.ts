import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import {
  BAD_ESCAPE,
  badEscapesZip,
  docx,
  EMBED_PAGES,
  foldersZip,
  lyingZip,
  MARKDOWN,
  NOT_OPENAPI_YAML,
  notWordZip,
  OPENAPI_JSON,
  OPENAPI_YAML,
  PNG,
  PNG2,
  SITE,
  summaryZip,
} from "./fixtures";
import { createOidcProvider } from "./oidc-provider";

declare module "vitest" {
  export interface ProvidedContext {
    fixtureOrigin: string;
  }
}

const OVERSIZE = 11 * 1024 * 1024; // past the 10 MB archive bound

/**
 * A local HTTP server for the import tests (runs in Node, outside workerd). Its origin reaches the Worker as
 * the FIXTURE_ORIGIN binding; the tests allow loopback fetches with ALLOW_LOOPBACK_FETCH.
 */
export default async function setup(project: TestProject) {
  const files: Record<string, { body: Uint8Array | string; type: string }> = {
    ...Object.fromEntries(
      Object.entries(SITE).map(([path, body]) => [path, { body, type: "text/html; charset=utf-8" }]),
    ),
    "/site/img/logo.png": { body: PNG, type: "image/png" },
    "/site/img/photo.png": { body: PNG2, type: "image/png" },
    "/docs/release-notes.md": { body: MARKDOWN, type: "text/markdown" },
    "/docs/img/diagram.png": { body: PNG, type: "image/png" },
    "/book.zip": { body: summaryZip(), type: "application/zip" },
    "/folders.zip": { body: foldersZip(), type: "application/zip" },
    "/report.docx": { body: docx(), type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
    "/not-word.docx": { body: notWordZip(), type: "application/octet-stream" },
    "/garbage.zip": { body: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251), type: "application/zip" },
    "/garbage.md": { body: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0, 1]), type: "text/markdown" },
    "/not-html.html": { body: "just words, no markup at all", type: "text/plain" },
    "/empty.zip": { body: notWordZip(), type: "application/zip" },
    // Entries that declare 10 bytes and inflate to 300 MB of zeros (~300 KB each as archives).
    "/bomb.zip": { body: lyingZip("book/bomb.md", 300), type: "application/zip" },
    "/bomb.docx": { body: lyingZip("word/document.xml", 300), type: "application/octet-stream" },
    // Malformed percent-encoding in the URL path and in links.
    [`/docs/${BAD_ESCAPE}.md`]: { body: `Odd name\n\n![img](../redirect-malformed/x.png)\n`, type: "text/markdown" },
    [`/docs/${BAD_ESCAPE}.html`]: {
      body: `<html><body><p>No title here. <img src="/redirect-malformed/y.png"></p></body></html>`,
      type: "text/html",
    },
    [`/docs/${BAD_ESCAPE}.docx`]: { body: docx(), type: "application/octet-stream" },
    "/bad-escapes.zip": { body: badEscapesZip(), type: "application/zip" },
    "/openapi/petstore.yaml": { body: OPENAPI_YAML, type: "application/yaml" },
    "/openapi/legacy.json": { body: OPENAPI_JSON, type: "application/json" },
    "/openapi/not-a-spec.yaml": { body: NOT_OPENAPI_YAML, type: "application/yaml" },
    ...EMBED_PAGES,
  };
  /** Visits per key of `/embed/counter.html?key=<k>` (the embed cache tests). */
  const visits = new Map<string, number>();
  /** What the tunnel receiver got, by the key in its path (each test uses its own key). */
  const tunnel = new Map<string, { method: string; headers: Record<string, string>; body: string }[]>();
  /** The DNS-over-HTTPS stub's records, by `<type> <name>` (each test uses its own names). */
  const dns = new Map<string, string[]>();
  /** An OpenID provider under `/oidc/` (test/fixture-server/oidc-provider.ts): sites' visitor sign-in. */
  const oidc = await createOidcProvider();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    const path = url.pathname;
    if (path.startsWith("/oidc/")) {
      oidc.handle(req, res, url).catch(() => {
        res.writeHead(500);
        res.end();
      });
      return;
    }
    // A DNS-over-HTTPS JSON resolver (custom hostname checks): `PUT /dns/records?name=<n>&type=TXT|CNAME` with a
    // JSON array of values sets a name's records (`[]` removes them); `GET /dns-query?name=<n>&type=<t>` answers
    // as Cloudflare's resolver does (Status 3, NXDOMAIN, for a name with no records; TXT data quoted).
    if (path === "/dns/records" && req.method === "PUT") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const key = `${url.searchParams.get("type")} ${url.searchParams.get("name")?.toLowerCase()}`;
        dns.set(key, JSON.parse(Buffer.concat(chunks).toString() || "[]"));
        res.writeHead(204);
        res.end();
      });
      return;
    }
    if (path === "/dns-query") {
      const name = url.searchParams.get("name")?.toLowerCase() ?? "";
      const type = url.searchParams.get("type") ?? "";
      const values = dns.get(`${type} ${name}`) ?? [];
      const code = type === "TXT" ? 16 : type === "CNAME" ? 5 : 1;
      const Answer = values.map((v) => ({ name: `${name}.`, type: code, TTL: 60, data: code === 16 ? `"${v}"` : v }));
      res.writeHead(200, { "content-type": "application/dns-json" });
      res.end(JSON.stringify({ Status: values.length ? 0 : 3, Question: [{ name, type: code }], Answer }));
      return;
    }
    // A development-mode tunnel (integration deliveries): `POST /tunnel/<key>?status=<n>` records the request
    // (headers, and the body's exact bytes as base64) and answers <n> (default 200) with a JSON body;
    // `GET /tunnel/received?key=<key>` lists what that key received.
    if (path === "/tunnel/received") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(tunnel.get(url.searchParams.get("key") ?? "") ?? []));
      return;
    }
    if (path.startsWith("/tunnel/")) {
      const key = path.slice("/tunnel/".length);
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(", ") : (value ?? ""),
          ]),
        );
        const received = tunnel.get(key) ?? [];
        received.push({ method: req.method ?? "", headers, body: Buffer.concat(chunks).toString("base64") });
        tunnel.set(key, received);
        const status = Number(url.searchParams.get("status") ?? 200);
        res.writeHead(status, { "content-type": "application/json", "x-receiver": "quire-fixture" });
        res.end(JSON.stringify({ received: received.length }));
      });
      return;
    }
    if (path === "/big.zip") {
      res.writeHead(200, { "content-type": "application/zip", "content-length": String(OVERSIZE) });
      res.end(Buffer.alloc(OVERSIZE));
      return;
    }
    if (path === "/big-chunked.zip") {
      // No content-length: the size check has to happen while streaming.
      res.writeHead(200, { "content-type": "application/zip" });
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < OVERSIZE) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      pump();
      return;
    }
    // Embeds: a page whose title counts its visits per key, one that never finishes, one past the bounded read.
    if (path === "/embed/counter.html") {
      const key = url.searchParams.get("key") ?? "";
      visits.set(key, (visits.get(key) ?? 0) + 1);
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><head><title>Visit ${visits.get(key)}</title></head></html>`);
      return;
    }
    if (path === "/embed/slow.html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><head><title>Slow");
      const timer = setTimeout(() => res.end("</title></head></html>"), 30_000);
      timer.unref();
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (path === "/embed/big.html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><head><title>Big page</title></head><body>${"<p>filler</p>".repeat(200_000)}</body></html>`);
      return;
    }
    if (path === "/redirect-private") {
      res.writeHead(302, { location: "http://10.0.0.1/secret" });
      res.end();
      return;
    }
    if (path.startsWith("/redirect-malformed")) {
      res.writeHead(302, { location: "http://[::1" });
      res.end();
      return;
    }
    const file = files[path];
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    const body = typeof file.body === "string" ? Buffer.from(file.body) : Buffer.from(file.body);
    res.writeHead(200, { "content-type": file.type, "content-length": String(body.byteLength) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("fixtureOrigin", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
