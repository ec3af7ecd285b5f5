CREATE TABLE `change_request_contributors` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`space_id` text NOT NULL,
	PRIMARY KEY(`change_request_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `change_request_contributors_user` ON `change_request_contributors` (`space_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`number` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`created_by` text NOT NULL,
	`revision_id` text NOT NULL,
	`revision_initial` text NOT NULL,
	`revision_merged_ancestor` text,
	`revision_merged` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`merged_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `change_requests_number` ON `change_requests` (`space_id`,`number`);--> statement-breakpoint
CREATE INDEX `change_requests_status` ON `change_requests` (`space_id`,`status`,`created_at`,`id`);