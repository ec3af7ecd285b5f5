// The comments domain's public surface (comments and replies): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export { deleteComment, postComment, postCommentReply, updateComment } from "./comment-writes";
export { getComment, getCommentReply, listCommenters, listCommentReplies, listComments } from "./comments";
export type { CommentRecord, CommentScope, LoadedScope, Reaction } from "./comments";
