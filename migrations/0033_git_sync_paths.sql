ALTER TABLE `space_git_syncs` ADD `last_attempts` integer;--> statement-breakpoint
ALTER TABLE `space_git_syncs` ADD `paths` text;