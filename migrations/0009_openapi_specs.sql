CREATE TABLE `openapi_spec_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`spec_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`number` integer NOT NULL,
	`source_url` text,
	`storage_key` text NOT NULL,
	`format` text,
	`sha256` text,
	`processing_state` text DEFAULT 'pending' NOT NULL,
	`process_error_code` text,
	`processed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openapi_spec_versions_spec_number` ON `openapi_spec_versions` (`spec_id`,`number`);--> statement-breakpoint
CREATE INDEX `openapi_spec_versions_org` ON `openapi_spec_versions` (`organization_id`);--> statement-breakpoint
CREATE TABLE `openapi_specs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`slug` text NOT NULL,
	`visibility` text DEFAULT 'private' NOT NULL,
	`source_url` text,
	`processing_state` text DEFAULT 'pending' NOT NULL,
	`last_version_id` text,
	`last_processed_at` integer,
	`last_process_error_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openapi_specs_org_slug` ON `openapi_specs` (`organization_id`,`slug`);