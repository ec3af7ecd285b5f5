CREATE TABLE `site_customizations` (
	`site_id` text NOT NULL,
	`site_space_id` text DEFAULT '' NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `site_space_id`)
);
