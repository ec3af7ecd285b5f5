// Seeds the GitBook Open run through Quire's HTTP API only: a space with a root page, a nested page
// (group/child), a page with a GFM table and one with a fenced code block, published as a public site whose
// custom host (`proxy`) is proven through the loopback DNS-over-HTTPS resolver.

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
