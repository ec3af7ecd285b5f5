// The comments domain's public surface (comments and replies): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { deleteComment, postComment, postCommentReply, updateComment } from "./comment-writes";
export { getComment, getCommentReply, listCommenters, listCommentReplies, listComments } from "./comments";
export type { CommentRecord, CommentScope, LoadedScope, Reaction } from "./comments";
