// Seeds the GitBook Open run through Quire's HTTP API only: a space with a root page, a nested page
// (group/child), a page with a GFM table and one with a fenced code block, published as a public site whose
// custom host (`proxy`) is proven through the loopback DNS-over-HTTPS resolver.
import { deflateSync } from "node:zlib";

export const HOST = "docs.example.test";
export const PROXY = `${HOST}/help`;

/** What each page holds, for the checks. */
export const PAGES = {
  root: { title: "Welcome", path: "", text: "Quokkas are small marsupials" },
  group: { title: "Group", path: "group", text: "A page with pages under it" },
  child: { title: "Child", path: "group/child", text: "Nested under the group page" },
  table: { title: "Table", path: "table", cells: ["Quokka", "Rottnest", "Wombat", "Mainland"] },
  code: { title: "Code", path: "code", intro: "A fenced code block.", code: "function greetQuokka(name)" },
};

const TABLE = `Where they live.

| Animal | Island |
| --- | --- |
| Quokka | Rottnest |
| Wombat | Mainland |
`;

const CODE = `${PAGES.code.intro}

\`\`\`js
function greetQuokka(name) {
  return \`Hello, \${name}\`;
}
\`\`\`
`;

/** A 64×64 PNG (a blue gradient), built byte by byte: the site's favicon. */
function png(size = 64) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) raw.set([40 + x, 90 + y, 220], y * (1 + size * 3) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function client(origin, token) {
  return async (method, path, body, expected = [200, 201, 204, 205]) => {
    const res = await fetch(`${origin}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} /v1${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Seeds the content and the site; fills `dnsRecords` with the host's TXT proof. Returns ids for the checks. */
export async function seed({ origin, owner, dnsRecords }) {
  const { token, organizationId } = owner;
  const api = client(origin, token);
  const space = await api("POST", `/orgs/${organizationId}/spaces`, { title: "Quokka guide" });

  // One change request with every page, merged (content writes make document pages; a parent with a child is
  // the nested branch).
  const cr = await api("POST", `/spaces/${space.id}/change-requests`, { subject: "Seed" });
  const doc = (markdown) => ({ markdown });
  await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
    changes: [
      {
        operation: "insert_files",
        files: [{ name: "icon.png", contentType: "image/png", base64: png().toString("base64") }],
      },
      { operation: "insert_page", title: PAGES.root.title, document: doc(`${PAGES.root.text}: a guide.\n`) },
      { operation: "insert_page", ref: "group", title: PAGES.group.title, document: doc(`${PAGES.group.text}.\n`) },
      { operation: "insert_page", into: "group", title: PAGES.child.title, document: doc(`${PAGES.child.text}.\n`) },
      { operation: "insert_page", title: PAGES.table.title, document: doc(TABLE) },
      { operation: "insert_page", title: PAGES.code.title, document: doc(CODE) },
    ],
  });
  await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`, {});

  const site = await api("POST", `/orgs/${organizationId}/sites`, {
    title: "Quokka docs",
    visibility: "public",
    spaces: [space.id],
  });
  await api("PATCH", `/orgs/${organizationId}/sites/${site.id}`, { proxy: PROXY });

  // Two settings of the site's customization, for a machine without Internet access. Without a favicon image,
  // GitBook Open draws the site's icon (~gitbook/icon) with glyphs it fetches from Google Fonts or jsDelivr at
  // request time; the image is the space's file as Quire's own renderer serves it. With the tracking cookie,
  // its pages fetch a visitor id from GitBook's app (GITBOOK_APP_URL, app.gitbook.com).
  const [{ items: siteSpaces }, { items: files }] = await Promise.all([
    api("GET", `/orgs/${organizationId}/sites/${site.id}/site-spaces`),
    api("GET", `/spaces/${space.id}/content/files`),
  ]);
  const icon = `${origin}/~site/${site.id}/~files/${siteSpaces[0].id}/${files[0].id}`;
  const customization = await api("GET", `/orgs/${organizationId}/sites/${site.id}/customization`);
  await api("PUT", `/orgs/${organizationId}/sites/${site.id}/customization`, {
    ...customization,
    favicon: { icon: { light: icon, dark: icon } },
    insights: { ...customization.insights, trackingCookie: false },
  });
  await api("POST", `/orgs/${organizationId}/sites/${site.id}/publish`, {});

  // The custom host's proof: the TXT record Quire asks for, served by the local resolver, then revalidated.
  const hostname = await api("GET", `/custom-hostnames/${HOST}`);
  dnsRecords.set(hostname.verification.txt.name, hostname.verification.txt.values);
  await api("PATCH", `/custom-hostnames/${HOST}`);
  const verified = await api("GET", `/custom-hostnames/${HOST}`);
  if (!verified.isActive) throw new Error(`the custom host did not verify: ${JSON.stringify(verified)}`);

  const published = await api("GET", `/orgs/${organizationId}/sites/${site.id}`);
  return { organizationId, spaceId: space.id, siteId: site.id, publishedUrl: published.urls?.published };
}
