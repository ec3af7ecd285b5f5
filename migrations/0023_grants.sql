CREATE TABLE `content_grants` (
	`organization_id` text NOT NULL,
	`resource_kind` text NOT NULL,
	`resource_id` text NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`role` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`resource_kind`, `resource_id`, `subject_kind`, `subject_id`)
);
--> statement-breakpoint
CREATE INDEX `content_grants_subject` ON `content_grants` (`subject_kind`,`subject_id`,`organization_id`);--> statement-breakpoint
CREATE INDEX `content_grants_organization` ON `content_grants` (`organization_id`,`subject_kind`,`subject_id`);