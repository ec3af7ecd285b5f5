CREATE TABLE `search_index_state` (
	`space_id` text PRIMARY KEY NOT NULL,
	`revision_id` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_pages` (
	`space_id` text NOT NULL,
	`page_id` text NOT NULL,
	`title` text NOT NULL,
	`path` text NOT NULL,
	`body_hash` text NOT NULL,
	PRIMARY KEY(`space_id`, `page_id`)
);
--> statement-breakpoint
CREATE TABLE `search_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`page_id` text NOT NULL,
	`position` integer NOT NULL,
	`anchor` text NOT NULL,
	`page_title` text NOT NULL,
	`heading` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_sections_page` ON `search_sections` (`space_id`,`page_id`);