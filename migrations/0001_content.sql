CREATE TABLE `content_blobs` (
	`space_id` text NOT NULL,
	`hash` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`space_id`, `hash`)
);
--> statement-breakpoint
CREATE TABLE `content_nodes` (
	`space_id` text NOT NULL,
	`hash` text NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`space_id`, `hash`)
);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`type` text NOT NULL,
	`parents` text DEFAULT '[]' NOT NULL,
	`merged_from` text,
	`change_request_id` text,
	`root_node` text NOT NULL,
	`files_node` text NOT NULL,
	`reusables_node` text NOT NULL,
	`variables` text DEFAULT '{}' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revisions_space` ON `revisions` (`space_id`,`created_at`);