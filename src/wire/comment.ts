import { z } from "@hono/zod-openapi";
import { documentInput, type DocumentInputValue } from "../content/document-input";
import { documentToMarkdown } from "../content/markdown";
import { badRequest } from "../lib/errors";
import { listEnvelope } from "./common";
import { UserContributorSchema, UserSchema } from "./user";

const MAX_BODY_MARKDOWN = 100_000;

/** The reference's Document, or a plain markdown string taken as `{markdown}` (see content/document-input). */
export const DocumentInput = documentInput(MAX_BODY_MARKDOWN);

/** Markdown of a Document input (a JSONDocument is converted; invalid documents are 400). */
export function bodyMarkdown(input: DocumentInputValue): string;
export function bodyMarkdown(input: DocumentInputValue | undefined): string | undefined;
export function bodyMarkdown(input: DocumentInputValue | undefined): string | undefined {
  if (input === undefined) return undefined;
  if ("markdown" in input) return input.markdown;
  if (!("document" in input)) return "";
  const markdown = documentToMarkdown(input.document as never);
  if (markdown.length > MAX_BODY_MARKDOWN)
    throw badRequest(`body.body.document: must be at most ${MAX_BODY_MARKDOWN} characters as markdown`);
  return markdown;
}

const Reactions = z.array(
  z
    .object({
      emoji: z.string(),
      count: z.number(),
      users: z.array(z.object({ user: UserSchema, reactedAt: z.string() })),
    })
    .openapi("EmojiReaction"),
);
const Permissions = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  reply: z.boolean().optional(),
  delete: z.boolean(),
});
const Body = z.object({ markdown: z.string().optional(), document: z.any().optional() });

export const CommentReplySchema = z
  .object({
    object: z.literal("comment-reply"),
    id: z.string(),
    postedBy: UserSchema,
    postedAt: z.string(),
    editedAt: z.string().optional(),
    reactions: Reactions,
    body: Body,
    urls: z.object({ location: z.string() }),
    permissions: Permissions,
  })
  .openapi("CommentReply");
export type CommentReply = z.infer<typeof CommentReplySchema>;

export const CommentSchema = CommentReplySchema.extend({
  object: z.literal("comment"),
  replies: z.number(),
  repliers: z.array(UserContributorSchema).openapi({ description: "Who replied, most recent first." }),
  target: z.object({
    node: z.object({ id: z.string(), preview: z.string().optional() }).optional(),
    tableCell: z.object({ record: z.string(), definition: z.string() }).optional(),
    changeRequest: z.string().optional(),
    review: z.string().optional(),
    page: z
      .object({
        id: z.string(),
        title: z.string(),
        emoji: z.string().optional(),
        icon: z.string().optional(),
        createdAt: z.string().optional(),
        updatedAt: z.string().optional(),
        path: z.string(),
        outdated: z.boolean(),
      })
      .optional(),
    space: z.string(),
    revision: z.string(),
  }),
  status: z.enum(["open", "resolved"]),
  resolvedAt: z.string().optional(),
  resolvedBy: UserSchema.optional(),
}).openapi("Comment");
export type Comment = z.infer<typeof CommentSchema>;

export const CommentList = listEnvelope(CommentSchema, "CommentList");
export const CommentReplyList = listEnvelope(CommentReplySchema, "CommentReplyList");
