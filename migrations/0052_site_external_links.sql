-- External links in a site's navigation (addExternalLinkToSite): at the site's top level or in a section group,
-- ordered with the sections and groups there by fractional keys of the same key space.
CREATE TABLE `site_external_links` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`group_id` text,
	`title` text NOT NULL,
	`localized_title` text,
	`description` text,
	`localized_description` text,
	`icon` text,
	`url` text NOT NULL,
	`draft` integer DEFAULT false NOT NULL,
	`condition` text,
	`sort_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_external_links_site` ON `site_external_links` (`site_id`,`group_id`,`sort_key`);
