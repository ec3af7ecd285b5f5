-- SAML sign-in (issue 32 parts 1 and 2): requests in flight, consumed assertion IDs, browser sessions, refusals.
CREATE TABLE `saml_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`browser_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `saml_requests_expiry` ON `saml_requests` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `saml_assertions` (
	`provider_id` text NOT NULL,
	`assertion_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`provider_id`, `assertion_id`)
);
--> statement-breakpoint
CREATE INDEX `saml_assertions_expiry` ON `saml_assertions` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `sso_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_sessions_hash` ON `sso_sessions` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `sso_sessions_user` ON `sso_sessions` (`user_id`);
--> statement-breakpoint
CREATE TABLE `sso_refusals` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`organization_id` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sso_refusals_provider` ON `sso_refusals` (`provider_id`,`created_at`);
--> statement-breakpoint
-- When the member first signed in through one of the organization's SAML providers. An organization with `sso`
-- on accepts its members' tokens only once they have (admins excepted: services/people/tokens.ts).
ALTER TABLE `organization_members` ADD `sso_signed_in_at` integer;
--> statement-breakpoint
-- Both facts change what a token reaches: the tokens' kept memberships must be read again (0040). The member
-- trigger is 0040's with the new column (set once, on the first SSO sign-in: services/sso/members.ts).
DROP TRIGGER `organization_members_access_generation_au`;
--> statement-breakpoint
CREATE TRIGGER `organization_members_access_generation_au` AFTER UPDATE OF `organization_id`, `user_id`, `role`, `disabled`, `sso_signed_in_at` ON `organization_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `organizations_sso_access_generation_au` AFTER UPDATE OF `sso` ON `organizations`
WHEN OLD.sso IS NOT NEW.sso BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
