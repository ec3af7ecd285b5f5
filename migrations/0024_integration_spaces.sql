CREATE TABLE `integration_space_installations` (
	`installation_id` text NOT NULL,
	`space_id` text NOT NULL,
	`integration_name` text NOT NULL,
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`configuration` text NOT NULL,
	`external_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`installation_id`, `space_id`)
);
--> statement-breakpoint
CREATE INDEX `integration_space_installations_space` ON `integration_space_installations` (`space_id`,`integration_name`);--> statement-breakpoint
CREATE INDEX `integration_space_installations_integration` ON `integration_space_installations` (`integration_name`,`created_at`,`space_id`);