CREATE TABLE `integration_events` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_name` text NOT NULL,
	`integration_version` integer,
	`installation_id` text,
	`space_id` text,
	`site_id` text,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`response_status` integer,
	`logs` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `integration_events_integration` ON `integration_events` (`integration_name`,`created_at`,`id`);