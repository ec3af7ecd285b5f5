-- The outbox (issue 28, part 2): a write that others react to records one event row in its own batch; the
-- subscribers registered in src/jobs/registry.ts run from a `content-event` job (and, for what must be fresh at
-- once, right after the write). Delivered rows older than 7 days are pruned by the daily cron.
CREATE TABLE `content_events` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`organization_id` text NOT NULL,
	`space_id` text,
	`change_request_id` text,
	`revision_id` text,
	`payload` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_events_created` ON `content_events` (`created_at`);
