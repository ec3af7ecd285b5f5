-- Issue 31 part 5: a site's agent settings and an organization's agent instructions (markdown).
CREATE TABLE `site_agent_settings` (
	`site_id` text PRIMARY KEY NOT NULL,
	`scan_topics` text NOT NULL,
	`finding_change_requests` text NOT NULL,
	`editing_instructions` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `organization_agent_instructions` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`instructions` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
-- The sites domain deletes a site without knowing the agents domain (which ranks above it): the trigger does.
CREATE TRIGGER `sites_agent_settings_ad` AFTER DELETE ON `sites` BEGIN
	DELETE FROM site_agent_settings WHERE site_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `organizations_agent_instructions_ad` AFTER DELETE ON `organizations` BEGIN
	DELETE FROM organization_agent_instructions WHERE organization_id = old.id;
END;
