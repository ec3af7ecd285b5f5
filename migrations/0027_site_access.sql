CREATE TABLE `site_publishing_auth` (
	`site_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`backend` text DEFAULT 'custom' NOT NULL,
	`private_key` text NOT NULL,
	`fallback_url` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_share_links_key` ON `site_share_links` (`key`);--> statement-breakpoint
CREATE INDEX `site_share_links_site` ON `site_share_links` (`site_id`,`created_at`,`id`);