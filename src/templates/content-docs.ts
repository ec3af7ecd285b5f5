/** Templates for published documentation: getting started, product docs, API reference. */
import { refMarkdown, type TemplateDefinition } from "./types";

const gettingStarted: TemplateDefinition = {
  id: "getting-started",
  title: "Getting started",
  description: "A welcome page, a quickstart and the basics of writing and organizing content.",
  refs: {},
  pages: () => [
    {
      title: "Welcome",
      emoji: "👋",
      description: "What this space is for and where to start.",
      markdown: `This space holds the documentation of your project. Replace this page with a short introduction: what the
project does, who it is for, and what a reader will be able to do after reading these pages.

## Where to start

- **New here?** Follow the [Quickstart](./template-getting-started-1.md) to get a first result in minutes.
- **Writing docs?** Read [Writing content](./template-getting-started-2.md) for the conventions of this space.

## Getting help

If something is missing or wrong, open a change request on the page and describe what you expected to find.
`,
    },
    {
      title: "Quickstart",
      emoji: "🚀",
      description: "From zero to a first result in three steps.",
      markdown: `Keep a quickstart short: the fewest steps that give a reader a working result.

## 1. Install

\`\`\`bash
npm install your-package
\`\`\`

## 2. Configure

Create a configuration file next to your project:

\`\`\`json
{
  "name": "my-project",
  "environment": "development"
}
\`\`\`

## 3. Run

\`\`\`bash
npx your-package start
\`\`\`

You should see a confirmation that everything runs. Next, learn the concepts behind it.
`,
    },
    {
      title: "Writing content",
      emoji: "✍️",
      description: "Conventions for pages, structure and reviews.",
      markdown: `Good documentation is easy to scan, accurate and kept up to date.

## Conventions

1. One topic per page; split long pages into nested pages.
2. Start every page with one sentence saying what it covers.
3. Use headings for every section so that search and the outline can find them.
4. Show, then tell: put an example before the explanation.

> Propose changes in a change request so that a reviewer can check them before they are merged.
`,
      pages: [
        {
          title: "Formatting",
          markdown: `Pages are written in Markdown (CommonMark with GitHub extensions).

| You write | You get |
| --- | --- |
| \`**bold**\` | **bold** |
| \`_italic_\` | _italic_ |
| \`\\\`code\\\`\` | \`code\` |
| \`[link](https://example.com)\` | a link |

Use fenced code blocks with a language for syntax highlighting.
`,
        },
        {
          title: "Images and files",
          markdown: `Upload images and attachments as files of the space, then reference them from a page:

\`\`\`markdown
![Architecture diagram](/files/<file id>)
\`\`\`

Prefer PNG for screenshots and SVG for diagrams. Always give images a short description.
`,
        },
      ],
    },
  ],
};

const productDocs: TemplateDefinition = {
  id: "product-docs",
  title: "Product documentation",
  description: "Overview, guides, concepts and troubleshooting for a product.",
  refs: { logo: { kinds: ["file", "url"], description: "The product's logo, shown on the overview page." } },
  pages: (refs) => [
    {
      title: "Overview",
      emoji: "📘",
      description: "What the product is and what it solves.",
      markdown: `${refs.logo ? `${refs.logo.kind === "file" ? `![Product logo](/files/${refs.logo.file})` : `![Product logo](${refs.logo.kind === "url" ? refs.logo.url : ""})`}\n\n` : ""}Describe the product in two sentences: the problem it solves and for whom.

## Key features

- **Feature one**: what it does and why it matters.
- **Feature two**: what it does and why it matters.
- **Feature three**: what it does and why it matters.

## How the documentation is organized

- **Guides** walk through tasks step by step.
- **Concepts** explain how the product works.
- **Troubleshooting** lists known problems and their fixes.
`,
    },
    {
      title: "Guides",
      emoji: "🧭",
      description: "Step-by-step instructions for common tasks.",
      markdown: `Each guide covers one task from start to finish. Start with the setup guide.
`,
      pages: [
        {
          title: "Set up your account",
          markdown: `## Before you begin

You need an email address and an invitation from your administrator.

## Steps

1. Open the invitation email and follow its link.
2. Choose a password of at least 12 characters.
3. Turn on two-factor authentication under **Settings → Security**.

When you are done, you land on your dashboard.
`,
        },
        {
          title: "Invite your team",
          markdown: `1. Go to **Settings → Members**.
2. Select **Invite** and enter one email address per line.
3. Pick a role for the new members: *read*, *edit* or *admin*.

Invitations expire after 7 days; you can resend them from the same screen.
`,
        },
      ],
    },
    {
      title: "Concepts",
      emoji: "💡",
      description: "How the product works.",
      markdown: `## Workspaces

A workspace groups projects and the people who work on them.

## Projects

A project holds the resources of one product or team. Permissions are set per project and inherited by its
resources.

## Roles

| Role | Can |
| --- | --- |
| read | view everything in the project |
| edit | change resources |
| admin | manage members and settings |
`,
    },
    {
      title: "Troubleshooting",
      emoji: "🛠️",
      description: "Known problems and how to fix them.",
      markdown: `## I did not receive the invitation

Check your spam folder, then ask your administrator to resend it. Invitations expire after 7 days.

## I cannot sign in

Reset your password from the sign-in page. If you lost your second factor, contact an administrator.

## Something else

Collect the time, what you did and the error shown, and contact support.
`,
    },
  ],
};

const apiReference: TemplateDefinition = {
  id: "api-reference",
  title: "API reference",
  description: "Introduction, authentication, errors, pagination and the reference of an HTTP API.",
  refs: {
    openapi: { kinds: ["openapi", "file", "url"], description: "The OpenAPI specification the reference documents." },
  },
  pages: (refs) => [
    {
      title: "Introduction",
      emoji: "🔌",
      description: "What the API offers and how to call it.",
      markdown: `The API is organized around REST: predictable resource URLs, JSON bodies and standard HTTP status codes.

## Base URL

\`\`\`
https://api.example.com/v1
\`\`\`

## A first request

\`\`\`bash
curl https://api.example.com/v1/user \\
  -H "Authorization: Bearer $API_TOKEN"
\`\`\`
${refs.openapi ? `\n## Specification\n\n${refMarkdown(refs.openapi, "OpenAPI specification")}\n` : ""}`,
    },
    {
      title: "Authentication",
      emoji: "🔑",
      markdown: `Every request carries an API token in the \`Authorization\` header:

\`\`\`http
Authorization: Bearer <token>
\`\`\`

Create tokens in your account settings. A token has the permissions of the user who created it; keep it secret
and revoke it as soon as it may have leaked. Requests without a valid token answer \`401\`.
`,
    },
    {
      title: "Errors",
      emoji: "⚠️",
      markdown: `Errors answer a non-2xx status with a JSON body:

\`\`\`json
{ "error": { "code": 404, "message": "Space not found" } }
\`\`\`

| Status | Meaning |
| --- | --- |
| 400 | the request is invalid; the message names the field |
| 401 | the token is missing or invalid |
| 403 | the token may not do this |
| 404 | the resource does not exist or is not visible |
| 429 | too many requests; retry after \`Retry-After\` seconds |
`,
    },
    {
      title: "Pagination",
      markdown: `Lists answer \`{ items, count, next }\`. Pass \`next.page\` as the \`page\` query parameter to get the next
page; \`next\` is absent on the last page. \`limit\` sets the page size (default 100, at most 1000).
`,
    },
    {
      title: "Reference",
      emoji: "📚",
      description: "Every endpoint of the API.",
      markdown: `${refs.openapi ? `${refMarkdown(refs.openapi, "The full OpenAPI specification")}.\n\n` : ""}Document each resource on a page of its own below: its fields, then each operation with its method, path,
parameters, an example request and an example response.
`,
      pages: [
        {
          title: "Users",
          markdown: `## The user object

| Field | Type | Description |
| --- | --- | --- |
| \`id\` | string | unique identifier |
| \`displayName\` | string | the name shown in the app |
| \`email\` | string | the user's email address |

## Get the authenticated user

\`GET /v1/user\`

\`\`\`json
{ "object": "user", "id": "u_123", "displayName": "Ada Lovelace", "email": "ada@example.com" }
\`\`\`
`,
        },
      ],
    },
  ],
};

export const docsTemplates = [gettingStarted, productDocs, apiReference];
