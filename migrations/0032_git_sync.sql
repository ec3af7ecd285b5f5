CREATE TABLE `space_git_syncs` (
	`space_id` text PRIMARY KEY NOT NULL,
	`repo_name` text,
	`provider` text,
	`tree_url` text,
	`ref` text,
	`updated_at` integer NOT NULL,
	`applied_timestamp` integer,
	`exported_commit` text,
	`imported_commit` text,
	`last_job_id` text,
	`last_operation` text,
	`last_status` text,
	`last_commit` text,
	`last_error` text,
	`last_finished_at` integer
);
--> statement-breakpoint
ALTER TABLE `revisions` ADD `git` text;