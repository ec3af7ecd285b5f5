CREATE TABLE `change_request_requested_reviewers` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`space_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`revision_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`change_request_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `change_request_requested_reviewers_order` ON `change_request_requested_reviewers` (`change_request_id`,`created_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `change_request_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`requested_by` text,
	`revision_id` text NOT NULL,
	`status` text NOT NULL,
	`comment_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `change_request_reviews_change_request` ON `change_request_reviews` (`change_request_id`,`created_at`,`id`);