ALTER TABLE `api_tokens` DROP COLUMN `rate_window`;--> statement-breakpoint
ALTER TABLE `api_tokens` DROP COLUMN `rate_count`;