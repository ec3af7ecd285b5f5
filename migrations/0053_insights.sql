-- Issue 31 part 4: site insights. Events are never stored one by one: each lands in a daily rollup row (one per
-- site, UTC day and combination of dimensions), with per-day distinct sessions and visitors counted through
-- `site_event_uniques` (kept only while the day is open). Segments per visitor claims; agent feedback as sent.
CREATE TABLE `site_event_rollups` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`key` text NOT NULL,
	`event_type` text NOT NULL,
	`bot` text,
	`display_context` text NOT NULL,
	`url` text NOT NULL,
	`url_path` text NOT NULL,
	`site_section` text,
	`site_space` text,
	`site_share_key` text,
	`space` text,
	`page` text,
	`visitor_device` text NOT NULL,
	`visitor_browser` text NOT NULL,
	`visitor_os` text NOT NULL,
	`visitor_language` text,
	`visitor_authenticated` integer NOT NULL,
	`referrer` text NOT NULL,
	`referrer_domain` text NOT NULL,
	`search_query` text NOT NULL,
	`page_feedback_rating` text,
	`page_feedback_comment` text,
	`ask_rating` integer,
	`link_position` text,
	`link_target_kind` text,
	`link_target_domain` text,
	`llms_variant` text,
	`markdown_source` text,
	`events` integer NOT NULL,
	`sessions` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `key`)
);
--> statement-breakpoint
CREATE INDEX `site_event_rollups_day` ON `site_event_rollups` (`day`);
--> statement-breakpoint
CREATE TABLE `site_event_uniques` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`key` text NOT NULL,
	`ident` text NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `key`, `ident`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `site_event_uniques_day` ON `site_event_uniques` (`day`);
--> statement-breakpoint
CREATE TABLE `site_visitor_segments` (
	`site_id` text NOT NULL,
	`claims_key` text NOT NULL,
	`title` text NOT NULL,
	`claims` text NOT NULL,
	`events` integer NOT NULL,
	`sessions` integer NOT NULL,
	`visitors` integer NOT NULL,
	`last_seen_day` text NOT NULL,
	PRIMARY KEY(`site_id`, `claims_key`)
);
--> statement-breakpoint
CREATE INDEX `site_visitor_segments_seen` ON `site_visitor_segments` (`last_seen_day`);
--> statement-breakpoint
CREATE TABLE `site_agent_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`source` text,
	`subject_kind` text NOT NULL,
	`subject` text NOT NULL,
	`category` text,
	`severity` text,
	`summary` text NOT NULL,
	`detail` text,
	`goal` text,
	`reported_by` text,
	`url` text,
	`space_id` text,
	`page_id` text,
	`rating` integer,
	`agent` text
);
--> statement-breakpoint
CREATE INDEX `site_agent_feedback_site` ON `site_agent_feedback` (`site_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `site_agent_feedback_created` ON `site_agent_feedback` (`created_at`);
--> statement-breakpoint
-- The sites domain deletes a site without knowing the insights domain (which ranks above it): the trigger does.
CREATE TRIGGER `sites_insights_ad` AFTER DELETE ON `sites` BEGIN
	DELETE FROM site_event_rollups WHERE site_id = old.id;
	DELETE FROM site_event_uniques WHERE site_id = old.id;
	DELETE FROM site_visitor_segments WHERE site_id = old.id;
	DELETE FROM site_agent_feedback WHERE site_id = old.id;
END;
