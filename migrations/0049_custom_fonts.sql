-- Storage uploads (generateStorageUploadURL): one row per signed upload URL; used once, then the row maps the
-- storage key it returned to the uploaded bytes' SHA-256 (R2 `orgs/<org>/<kind dir>/<hash>`).
CREATE TABLE `storage_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`max_size` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`uploaded_at` integer,
	`size` integer,
	`hash` text
);
--> statement-breakpoint
CREATE INDEX `storage_uploads_org_hash` ON `storage_uploads` (`organization_id`,`hash`);
--> statement-breakpoint
CREATE INDEX `storage_uploads_org_expiry` ON `storage_uploads` (`organization_id`,`expires_at`);
--> statement-breakpoint
-- Custom fonts of an organization, and their faces (one per weight, the file by content hash).
CREATE TABLE `custom_fonts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`font_family` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `custom_fonts_org` ON `custom_fonts` (`organization_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE TABLE `custom_font_faces` (
	`font_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`weight` integer NOT NULL,
	`hash` text NOT NULL,
	`format` text NOT NULL,
	PRIMARY KEY(`font_id`, `weight`)
);
--> statement-breakpoint
CREATE INDEX `custom_font_faces_org_hash` ON `custom_font_faces` (`organization_id`,`hash`);
