-- New people join with a passkey (issue 39 follow-up). Through an invite link: the registration's challenge records
-- the invite and the details (email, display name) its options were issued for, so the ceremony can finish into
-- nothing else. Through an email invitation: the invitation has a one-time link (its SHA-256 stored), which the
-- challenge records too.
ALTER TABLE `organization_invitations` ADD `link_hash` text;
--> statement-breakpoint
ALTER TABLE `organization_invitations` ADD `link_expires_at` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_link` ON `organization_invitations` (`link_hash`);
--> statement-breakpoint
ALTER TABLE `webauthn_challenges` ADD `organization_id` text;
--> statement-breakpoint
ALTER TABLE `webauthn_challenges` ADD `invite_id` text;
--> statement-breakpoint
ALTER TABLE `webauthn_challenges` ADD `email` text;
--> statement-breakpoint
ALTER TABLE `webauthn_challenges` ADD `display_name` text;
--> statement-breakpoint
ALTER TABLE `webauthn_challenges` ADD `invitation_hash` text;
