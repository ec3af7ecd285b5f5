CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`label` text NOT NULL,
	`token_hash` text NOT NULL,
	`token_prefix` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`rate_window` integer DEFAULT 0 NOT NULL,
	`rate_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user` ON `api_tokens` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `organization_email_domains` (
	`domain` text NOT NULL,
	`organization_id` text NOT NULL,
	PRIMARY KEY(`domain`, `organization_id`)
);
--> statement-breakpoint
CREATE INDEX `organization_email_domains_org` ON `organization_email_domains` (`organization_id`);--> statement-breakpoint
CREATE TABLE `organization_members` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text,
	`joined_at` integer NOT NULL,
	`last_seen_at` integer,
	`disabled` integer DEFAULT false NOT NULL,
	`sso` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`organization_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `organization_members_user` ON `organization_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `organization_members_joined` ON `organization_members` (`organization_id`,`joined_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`type` text DEFAULT 'business' NOT NULL,
	`use_case` text,
	`community_type` text,
	`email_domains` text DEFAULT '[]' NOT NULL,
	`hostname` text,
	`custom_hostname` text,
	`default_role` text,
	`default_content_site_id` text,
	`logo_url` text,
	`sso` integer DEFAULT false NOT NULL,
	`ai` integer DEFAULT false NOT NULL,
	`invite_links` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_hostname_unique` ON `organizations` (`hostname`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`photo_url` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`result` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status` ON `jobs` (`status`,`created_at`);