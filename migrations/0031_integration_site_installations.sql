CREATE TABLE `integration_site_installations` (
	`installation_id` text NOT NULL,
	`site_id` text NOT NULL,
	`integration_name` text NOT NULL,
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`configuration` text NOT NULL,
	`external_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`installation_id`, `site_id`)
);
--> statement-breakpoint
CREATE INDEX `integration_site_installations_site` ON `integration_site_installations` (`site_id`,`integration_name`);--> statement-breakpoint
CREATE INDEX `integration_site_installations_integration` ON `integration_site_installations` (`integration_name`,`created_at`,`site_id`);