ALTER TABLE `integrations` ADD `dev_tunnel_url` text;--> statement-breakpoint
ALTER TABLE `integrations` ADD `dev_all` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `integrations` ADD `dev_enabled_by` text;--> statement-breakpoint
ALTER TABLE `integrations` ADD `dev_enabled_at` integer;