CREATE TABLE `integration_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`integration_name` text NOT NULL,
	`installation_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_tokens_hash_unique` ON `integration_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `integration_tokens_integration` ON `integration_tokens` (`integration_name`,`installation_id`);--> statement-breakpoint
CREATE INDEX `integration_tokens_expiry` ON `integration_tokens` (`expires_at`);