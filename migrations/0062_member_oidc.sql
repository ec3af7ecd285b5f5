-- OpenID Connect sign-in for an organization's members (beside its SAML providers): the organization's one
-- provider, its client secret sealed, and the sign-ins in flight (state, nonce and browser binding as SHA-256s).
CREATE TABLE `member_oidc_providers` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`default_role` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `member_oidc_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`browser_hash` text NOT NULL,
	`nonce_hash` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`next` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `member_oidc_sign_ins_expiry` ON `member_oidc_sign_ins` (`expires_at`);
