-- accepted_scopes: the integration scopes an organization installation's admins consented to (set at install and
-- by an admin's updateIntegrationInstallation). Installation tokens act within the intersection of these and the
-- integration's current scopes, so a publish that adds scopes widens nothing until an admin accepts them.
-- Existing installations accept their integration's current scopes, so nothing they do today stops on upgrade.
ALTER TABLE `integration_installations` ADD `accepted_scopes` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
UPDATE `integration_installations` SET `accepted_scopes` = coalesce(
	(SELECT `scopes` FROM `integrations` WHERE `integrations`.`name` = `integration_installations`.`integration_name`),
	'[]'
);
