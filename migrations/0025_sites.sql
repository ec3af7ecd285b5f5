CREATE TABLE `site_section_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`icon` text,
	`sort_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_section_groups_site` ON `site_section_groups` (`site_id`,`sort_key`);--> statement-breakpoint
CREATE TABLE `site_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`group_id` text,
	`title` text NOT NULL,
	`description` text,
	`icon` text,
	`path` text NOT NULL,
	`sort_key` text NOT NULL,
	`condition` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_sections_site` ON `site_sections` (`site_id`,`group_id`,`sort_key`);--> statement-breakpoint
CREATE TABLE `site_spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`space_id` text NOT NULL,
	`section_id` text,
	`path` text NOT NULL,
	`sort_key` text NOT NULL,
	`condition` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_spaces_site` ON `site_spaces` (`site_id`,`section_id`,`sort_key`);--> statement-breakpoint
CREATE INDEX `site_spaces_space` ON `site_spaces` (`space_id`,`site_id`);--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`visibility` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`basename` text,
	`proxy` text,
	`agents_context` text DEFAULT 'included' NOT NULL,
	`adaptive_content` integer DEFAULT false NOT NULL,
	`adaptive_schema` text,
	`default_site_space_id` text,
	`default_site_section_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sites_organization` ON `sites` (`organization_id`,`created_at`,`id`);