import { z } from "@hono/zod-openapi";
import { CommentSchema, DocumentInput } from "./comment";
import { listEnvelope, TimestampSchema } from "./common";
import { UserContributorSchema, UserSchema } from "./user";

export const ReviewStatusSchema = z.enum(["changes-requested", "approved"]).openapi("ChangeRequestReviewStatus");

export const ReviewSchema = z
  .object({
    object: z.literal("change-request-review"),
    id: z.string(),
    revision: z.string(),
    reviewer: UserSchema,
    requestedBy: UserSchema.optional(),
    status: ReviewStatusSchema,
    comment: CommentSchema.optional(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    outdated: z.boolean().openapi({
      description: "Quire: the change request's revision moved past the reviewed `revision` since the review.",
    }),
    urls: z.object({ location: z.string().openapi({ description: "URL of the review in the API" }) }),
  })
  .openapi("ChangeRequestReview");
export type ChangeRequestReview = z.infer<typeof ReviewSchema>;
export const ReviewList = listEnvelope(ReviewSchema, "ChangeRequestReviewList");

export const SubmitReviewBody = z
  .object({ status: ReviewStatusSchema, comment: DocumentInput.optional() })
  .openapi("SubmitChangeRequestReview");
export type SubmitChangeRequestReview = z.infer<typeof SubmitReviewBody>;

export const RequestedReviewerSchema = z
  .object({
    object: z.literal("change-request-requested-reviewer"),
    revision: z.string(),
    requestedBy: UserSchema,
    createdAt: TimestampSchema,
    kind: z.literal("user"),
    user: UserSchema,
  })
  .openapi("ChangeRequestRequestedReviewer");
export type ChangeRequestRequestedReviewer = z.infer<typeof RequestedReviewerSchema>;
export const RequestedReviewerList = listEnvelope(RequestedReviewerSchema, "ChangeRequestRequestedReviewerList");

export const RequestReviewersBody = z
  .object({ users: z.array(z.string().min(1).max(128)).min(1).max(50), subject: z.string().max(500).optional() })
  .openapi("RequestReviewersForChangeRequest");
export type RequestReviewersForChangeRequest = z.infer<typeof RequestReviewersBody>;

export const ContributorList = listEnvelope(UserContributorSchema, "UserContributorList");
