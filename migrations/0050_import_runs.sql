-- Import runs (startImportRun): a website crawl or uploaded files imported page by page by a queue job into a
-- space; `pages` records each planned page's outcome, `cancel_requested` is read by the job before each page.
CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`page_id` text,
	`site_id` text,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`cancel_requested` integer DEFAULT 0 NOT NULL,
	`job_id` text,
	`created_by` text,
	`pages` text DEFAULT '[]' NOT NULL,
	`files` text DEFAULT '{}' NOT NULL,
	`pages_total` integer DEFAULT 0 NOT NULL,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `import_runs_org_created` ON `import_runs` (`organization_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `import_runs_space` ON `import_runs` (`space_id`);
