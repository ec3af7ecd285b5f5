CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`description` text,
	`default_level` text DEFAULT 'inherit' NOT NULL,
	`sort_key` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `collections_org_order` ON `collections` (`organization_id`,`sort_key`,`id`);--> statement-breakpoint
CREATE INDEX `collections_parent` ON `collections` (`parent_id`,`sort_key`);--> statement-breakpoint
CREATE INDEX `collections_deleted` ON `collections` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`emoji` text,
	`icon_url` text,
	`visibility` text DEFAULT 'private' NOT NULL,
	`language` text,
	`edit_mode` text DEFAULT 'live' NOT NULL,
	`default_level` text DEFAULT 'inherit' NOT NULL,
	`sort_key` text NOT NULL,
	`revision_id` text NOT NULL,
	`share_key` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `spaces_org_order` ON `spaces` (`organization_id`,`sort_key`,`id`);--> statement-breakpoint
CREATE INDEX `spaces_parent` ON `spaces` (`parent_id`,`sort_key`);--> statement-breakpoint
CREATE INDEX `spaces_deleted` ON `spaces` (`deleted_at`);