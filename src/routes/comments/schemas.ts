import { z } from "@hono/zod-openapi";
import type { CommentScope } from "../../services/comments";
import { ChangeRequestParams, SpaceParams } from "../../wire/params";
import { queryArray, PageQuery } from "../../wire/common";
import { DocumentInput } from "../../wire/comment";

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

export const scopeOf = (p: { spaceId: string; changeRequestId?: string }): CommentScope =>
  p.changeRequestId === undefined ? { spaceId: p.spaceId } : { spaceId: p.spaceId, changeRequest: p.changeRequestId };
