CREATE TABLE `invite_links` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`role` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`disabled` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invite_links_organization` ON `invite_links` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `organization_invitations` (
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text,
	`sso` integer DEFAULT false NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `email`)
);
--> statement-breakpoint
CREATE INDEX `organization_invitations_email` ON `organization_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `saml_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`label` text NOT NULL,
	`entity_id` text,
	`certificate` text,
	`sso_url` text,
	`default_team_id` text,
	`default_role` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `saml_providers_organization` ON `saml_providers` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `team_members_member` ON `team_members` (`organization_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `team_members_team` ON `team_members` (`team_id`,`added_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `teams_organization` ON `teams` (`organization_id`,`created_at`,`id`);