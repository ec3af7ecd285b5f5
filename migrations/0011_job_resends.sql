DROP INDEX `jobs_status`;--> statement-breakpoint
ALTER TABLE `jobs` ADD `resends` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `jobs_status_updated` ON `jobs` (`status`,`updated_at`);