import { createRouter } from "../../http/router";
import * as listCommentsInSpace from "./list-comments-in-space";
import * as postCommentInSpace from "./post-comment-in-space";
import * as getCommentInSpace from "./get-comment-in-space";
import * as updateCommentInSpace from "./update-comment-in-space";
import * as deleteCommentInSpace from "./delete-comment-in-space";
import * as listCommentRepliesInSpace from "./list-comment-replies-in-space";
import * as postCommentReplyInSpace from "./post-comment-reply-in-space";
import * as getCommentReplyInSpace from "./get-comment-reply-in-space";
import * as updateCommentReplyInSpace from "./update-comment-reply-in-space";
import * as deleteCommentReplyInSpace from "./delete-comment-reply-in-space";
import * as listCommentersInSpace from "./list-commenters-in-space";
import * as listCommentsInChangeRequest from "./list-comments-in-change-request";
import * as postCommentInChangeRequest from "./post-comment-in-change-request";
import * as getCommentInChangeRequest from "./get-comment-in-change-request";
import * as updateCommentInChangeRequest from "./update-comment-in-change-request";
import * as deleteCommentInChangeRequest from "./delete-comment-in-change-request";
import * as listCommentRepliesInChangeRequest from "./list-comment-replies-in-change-request";
import * as postCommentReplyInChangeRequest from "./post-comment-reply-in-change-request";
import * as getCommentReplyInChangeRequest from "./get-comment-reply-in-change-request";
import * as updateCommentReplyInChangeRequest from "./update-comment-reply-in-change-request";
import * as deleteCommentReplyInChangeRequest from "./delete-comment-reply-in-change-request";
import * as listCommentersInChangeRequest from "./list-commenters-in-change-request";

/** Space comments and change-request comments (reference §4.5, §4.8): 22 operations over one service. */
export default createRouter()
  .openapi(listCommentsInSpace.route, listCommentsInSpace.handler)
  .openapi(postCommentInSpace.route, postCommentInSpace.handler)
  .openapi(getCommentInSpace.route, getCommentInSpace.handler)
  .openapi(updateCommentInSpace.route, updateCommentInSpace.handler)
  .openapi(deleteCommentInSpace.route, deleteCommentInSpace.handler)
  .openapi(listCommentRepliesInSpace.route, listCommentRepliesInSpace.handler)
  .openapi(postCommentReplyInSpace.route, postCommentReplyInSpace.handler)
  .openapi(getCommentReplyInSpace.route, getCommentReplyInSpace.handler)
  .openapi(updateCommentReplyInSpace.route, updateCommentReplyInSpace.handler)
  .openapi(deleteCommentReplyInSpace.route, deleteCommentReplyInSpace.handler)
  .openapi(listCommentersInSpace.route, listCommentersInSpace.handler)
  .openapi(listCommentsInChangeRequest.route, listCommentsInChangeRequest.handler)
  .openapi(postCommentInChangeRequest.route, postCommentInChangeRequest.handler)
  .openapi(getCommentInChangeRequest.route, getCommentInChangeRequest.handler)
  .openapi(updateCommentInChangeRequest.route, updateCommentInChangeRequest.handler)
  .openapi(deleteCommentInChangeRequest.route, deleteCommentInChangeRequest.handler)
  .openapi(listCommentRepliesInChangeRequest.route, listCommentRepliesInChangeRequest.handler)
  .openapi(postCommentReplyInChangeRequest.route, postCommentReplyInChangeRequest.handler)
  .openapi(getCommentReplyInChangeRequest.route, getCommentReplyInChangeRequest.handler)
  .openapi(updateCommentReplyInChangeRequest.route, updateCommentReplyInChangeRequest.handler)
  .openapi(deleteCommentReplyInChangeRequest.route, deleteCommentReplyInChangeRequest.handler)
  .openapi(listCommentersInChangeRequest.route, listCommentersInChangeRequest.handler);
