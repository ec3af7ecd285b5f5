CREATE TABLE `comment_reactions` (
	`comment_id` text NOT NULL,
	`emoji` text NOT NULL,
	`user_id` text NOT NULL,
	`space_id` text NOT NULL,
	`reacted_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `emoji`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `comment_reactions_space` ON `comment_reactions` (`space_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`parent_id` text,
	`author_id` text NOT NULL,
	`markdown` text NOT NULL,
	`revision_id` text NOT NULL,
	`target_page` text,
	`target_node` text,
	`table_record` text,
	`table_definition` text,
	`posted_at` integer NOT NULL,
	`edited_at` integer,
	`resolved_at` integer,
	`resolved_by` text
);
--> statement-breakpoint
CREATE INDEX `comments_scope` ON `comments` (`space_id`,`change_request_id`,`parent_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_parent` ON `comments` (`parent_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_author` ON `comments` (`space_id`,`author_id`);