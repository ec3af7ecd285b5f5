CREATE TABLE `glossary_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`translations` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `glossary_entries_org_order` ON `glossary_entries` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `translation_items` (
	`translation_id` text NOT NULL,
	`item_id` text NOT NULL,
	`source_key` text NOT NULL,
	`result_space_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`body_hash` text,
	`words` integer DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT true NOT NULL,
	`translated_at` integer NOT NULL,
	PRIMARY KEY(`translation_id`, `item_id`)
);
--> statement-breakpoint
CREATE TABLE `translations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`source_space_id` text NOT NULL,
	`source_language` text NOT NULL,
	`language` text NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`result_space_id` text,
	`result_revision_id` text,
	`run_job_id` text,
	`run_started_at` integer,
	`run_requested_by` text,
	`runs` integer DEFAULT 0 NOT NULL,
	`total_words` integer DEFAULT 0 NOT NULL,
	`total_pages` integer DEFAULT 0 NOT NULL,
	`total_duration` integer DEFAULT 0 NOT NULL,
	`latest_run_duration` integer DEFAULT 0 NOT NULL,
	`latest_pages` integer DEFAULT 0 NOT NULL,
	`latest_words` integer DEFAULT 0 NOT NULL,
	`last_run_error` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `translations_org_order` ON `translations` (`organization_id`,`created_at`,`id`);