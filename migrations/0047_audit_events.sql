-- Audit log: one row per API write, written in the write's own batch (src/http/audit.ts).
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`occurred_at` integer NOT NULL,
	`action` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_label` text,
	`source` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`request_id` text,
	`address` text,
	`user_agent` text,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_events_org_time` ON `audit_events` (`organization_id`,`occurred_at`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_events_time` ON `audit_events` (`occurred_at`);
