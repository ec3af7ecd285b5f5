/** Templates for support and team knowledge: FAQ, changelog, internal wiki. */
import { refMarkdown, type TemplateDefinition } from "./types";

const faq: TemplateDefinition = {
  id: "faq",
  title: "FAQ",
  description: "Frequently asked questions grouped by topic.",
  refs: { support: { kinds: ["url", "page"], description: "Where readers get help when the FAQ does not answer." } },
  pages: (refs) => [
    {
      title: "Frequently asked questions",
      emoji: "❓",
      description: "Answers to the questions we hear most.",
      markdown: `Questions are grouped by topic. Each answer starts with the short answer, then the details.

${refs.support ? `Did not find your answer? ${refMarkdown(refs.support, "Contact support")}.\n` : "Did not find your answer? Contact support.\n"}`,
      pages: [
        {
          title: "Account and billing",
          markdown: `## How do I change my email address?

Go to **Settings → Profile**, edit the address and confirm it from the email we send you.

## Which payment methods are accepted?

Credit cards and, on yearly plans, bank transfers.

## How do I cancel my subscription?

Go to **Settings → Billing** and select **Cancel**. You keep access until the end of the paid period.
`,
        },
        {
          title: "Using the product",
          markdown: `## Can several people edit at the same time?

Yes. Changes are proposed in change requests and merged after review, so nobody overwrites anyone else.

## Is there a limit on file size?

Files up to 20 MB can be uploaded; larger files should be linked instead.
`,
        },
        {
          title: "Security and privacy",
          markdown: `## Where is my data stored?

In the region chosen for your organization, encrypted at rest and in transit.

## Who can see my content?

Only members you invite, unless you publish it. Every space has its own visibility setting.
`,
        },
      ],
    },
  ],
};

const changelog: TemplateDefinition = {
  id: "changelog",
  title: "Changelog",
  description: "Release notes, newest first, with a page per release.",
  refs: {},
  pages: () => [
    {
      title: "Changelog",
      emoji: "📰",
      description: "What changed in each release.",
      markdown: `All notable changes are listed here, newest first. Versions follow [Semantic Versioning](https://semver.org):
a major version may break compatibility, a minor version adds features, a patch version fixes bugs.

Each release has its own page with the sections **Added**, **Changed**, **Fixed** and **Removed**.
`,
      pages: [
        {
          title: "v1.1.0",
          markdown: `_Released: replace with the release date._

## Added

- Export to PDF from any page.

## Changed

- Search results show the matching section.

## Fixed

- Links to renamed pages no longer break.
`,
        },
        {
          title: "v1.0.0",
          markdown: `_Released: replace with the release date._

## Added

- First stable release.
- Spaces, pages, change requests and reviews.
`,
        },
      ],
    },
  ],
};

const internalWiki: TemplateDefinition = {
  id: "internal-wiki",
  title: "Internal wiki",
  description: "A team handbook: onboarding, processes, tools and meeting notes.",
  refs: {
    handbook: {
      kinds: ["url", "file", "page", "space"],
      description: "An existing handbook or policy document to link from the home page.",
    },
  },
  pages: (refs) => [
    {
      title: "Team home",
      emoji: "🏠",
      description: "Who we are, what we work on and where things are.",
      markdown: `Welcome to the team wiki. It is the single place for how we work; if something is not written here, write it.

## Quick links

- Onboarding: what to do in your first week.
- Processes: how we plan, review and release.
- Tools: the systems we use and who owns them.
${refs.handbook ? `- ${refMarkdown(refs.handbook, "Company handbook")}\n` : ""}`,
    },
    {
      title: "Onboarding",
      emoji: "🎒",
      description: "Your first week.",
      markdown: `## Day 1

- [ ] Get your accounts: email, chat, code hosting, this wiki.
- [ ] Meet your onboarding buddy.

## Week 1

- [ ] Read the processes pages.
- [ ] Ship a small change to production with your buddy.
- [ ] Add one thing you had to ask about to this wiki.
`,
    },
    {
      title: "Processes",
      emoji: "⚙️",
      description: "How we plan, review and release.",
      markdown: `Processes exist to help; if one gets in the way, propose a change to it.
`,
      pages: [
        {
          title: "Code review",
          markdown: `1. Keep changes small: under 400 lines when possible.
2. Describe what changed and why in the description.
3. At least one approval before merging; the author merges.
4. Reviewers answer within one working day.
`,
        },
        {
          title: "Incident response",
          markdown: `## When something breaks

1. Declare the incident in the incidents channel and name an incident lead.
2. Mitigate first, investigate later.
3. Post updates every 30 minutes until it is resolved.

## Afterwards

Write a blameless review within five working days: timeline, impact, causes and follow-up actions.
`,
        },
      ],
    },
    {
      title: "Tools",
      emoji: "🧰",
      markdown: `| Tool | Used for | Owner |
| --- | --- | --- |
| Chat | day-to-day communication | everyone |
| Issue tracker | planning and bugs | engineering |
| This wiki | how we work | everyone |
`,
    },
    {
      title: "Meeting notes",
      emoji: "🗒️",
      markdown: `Add one page per meeting, titled with its date. Use this outline:

## Attendees

## Decisions

## Action items

- [ ] Owner: action, due date
`,
    },
  ],
};

export const teamTemplates = [faq, changelog, internalWiki];
