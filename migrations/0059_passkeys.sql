-- People sign in to the app (issue 39): passkeys, one-time sign-in links, WebAuthn challenges, and the app's
-- sessions as api_tokens of kind 'session' (hashed, revocable, sliding idle expiry).
ALTER TABLE `api_tokens` ADD `kind` text DEFAULT 'personal' NOT NULL;
--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `expires_at` integer;
--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `user_agent` text;
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text,
	`device_type` text NOT NULL,
	`backed_up` integer NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_user` ON `passkeys` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`browser_hash` text NOT NULL,
	`user_id` text,
	`link_hash` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expiry` ON `webauthn_challenges` (`expires_at`);
