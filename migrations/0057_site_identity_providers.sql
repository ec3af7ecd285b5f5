-- Private sites behind an identity provider (issue 32 part 3): the site's OpenID Connect or SAML provider, and
-- visitors' sign-ins in flight.
-- The provider's settings as JSON (never the client secret), and the OIDC client secret sealed (services/access).
ALTER TABLE `site_publishing_auth` ADD `identity_provider` text;
--> statement-breakpoint
ALTER TABLE `site_publishing_auth` ADD `identity_provider_secret` text;
--> statement-breakpoint
CREATE TABLE `site_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`browser_hash` text NOT NULL,
	`nonce_hash` text,
	`redirect_uri` text NOT NULL,
	`location` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`handoff_hash` text,
	`handoff_claims` text,
	`handoff_expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `site_sign_ins_expiry` ON `site_sign_ins` (`expires_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_sign_ins_handoff` ON `site_sign_ins` (`handoff_hash`);
