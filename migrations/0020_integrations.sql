CREATE TABLE `integration_installations` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_name` text NOT NULL,
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`space_selection` text NOT NULL,
	`site_selection` text NOT NULL,
	`configuration` text NOT NULL,
	`external_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_installations_target` ON `integration_installations` (`integration_name`,`organization_id`);--> statement-breakpoint
CREATE INDEX `integration_installations_organization` ON `integration_installations` (`organization_id`,`integration_name`);--> statement-breakpoint
CREATE INDEX `integration_installations_integration` ON `integration_installations` (`integration_name`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `integrations` (
	`name` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`version` integer NOT NULL,
	`runtime` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`summary` text,
	`visibility` text NOT NULL,
	`target` text NOT NULL,
	`scopes` text NOT NULL,
	`categories` text NOT NULL,
	`blocks` text,
	`content_sources` text,
	`configurations` text,
	`external_links` text NOT NULL,
	`content_security_policy` text,
	`script_hash` text NOT NULL,
	`icon_hash` text,
	`preview_image_hashes` text NOT NULL,
	`secrets` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `integrations_owner` ON `integrations` (`organization_id`,`name`);--> statement-breakpoint
CREATE INDEX `integrations_visibility` ON `integrations` (`visibility`,`name`);