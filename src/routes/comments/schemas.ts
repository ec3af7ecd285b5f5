import { z } from "@hono/zod-openapi";
import { documentInput, type DocumentInputValue } from "../../content/document-input";
import { documentToMarkdown } from "../../content/markdown";
import { badRequest } from "../../lib/errors";
import type { CommentScope } from "../../services/comments";
import { ChangeRequestParams, SpaceParams } from "../content/schemas";
import { queryArray, UserSchema, listEnvelope, PageQuery } from "../schemas";

export const SpaceCommentParams = SpaceParams.extend({ commentId: z.string() });
export const SpaceReplyParams = SpaceCommentParams.extend({ commentReplyId: z.string() });
export const ChangeRequestCommentParams = ChangeRequestParams.extend({ commentId: z.string() });
export const ChangeRequestReplyParams = ChangeRequestCommentParams.extend({ commentReplyId: z.string() });

export const FormatQuery = z.object({ format: z.enum(["document", "markdown"]).optional() });

export const CommentListQuery = PageQuery.extend({
  order: z.enum(["asc", "desc"]).default("desc"),
  status: z.enum(["all", "open", "resolved"]).default("all"),
  format: z.enum(["document", "markdown"]).optional(),
  targetPage: z.string().optional(),
  authors: queryArray(z.string()).refine((a) => a === undefined || a.length <= 50, "must list at most 50 user ids"),
});
export const ReplyListQuery = PageQuery.extend({ format: z.enum(["document", "markdown"]).optional() });

const MAX_BODY_MARKDOWN = 100_000;

/** The reference's Document, or a plain markdown string taken as `{markdown}` (see content/document-input). */
export const DocumentInput = documentInput(MAX_BODY_MARKDOWN);

const Emojis = z.array(z.string().min(1).max(64)).max(20);

export const PostCommentBody = z.object({
  node: z.string().max(200).optional(),
  page: z.string().max(200).optional(),
  body: DocumentInput,
  tableCell: z.object({ record: z.string().max(200), definition: z.string().max(200) }).optional(),
});
export const UpdateCommentBody = z.object({
  resolved: z.boolean().optional(),
  body: DocumentInput.optional(),
  addedReactions: Emojis.optional(),
  removedReactions: Emojis.optional(),
});
export const PostReplyBody = z.object({ body: DocumentInput });
export const UpdateReplyBody = UpdateCommentBody.omit({ resolved: true });
/** The reference lists `resolved` for change-request replies too; replies have no status, so it is ignored. */
export const UpdateChangeRequestReplyBody = UpdateCommentBody;

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

export const scopeOf = (p: { spaceId: string; changeRequestId?: string }): CommentScope =>
  p.changeRequestId === undefined ? { spaceId: p.spaceId } : { spaceId: p.spaceId, changeRequest: p.changeRequestId };

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

export const CommentSchema = CommentReplySchema.extend({
  object: z.literal("comment"),
  replies: z.number(),
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

export const CommentList = listEnvelope(CommentSchema, "CommentList");
export const CommentReplyList = listEnvelope(CommentReplySchema, "CommentReplyList");
