-- Custom-host claims lapse (issue 38 part 5): when a site's proxy was claimed or last proven, so that an
-- unverified claim stops standing in another organization's way after 7 days; existing claims count from their
-- site's last update.
ALTER TABLE `sites` ADD `proxy_claimed_at` integer;
--> statement-breakpoint
UPDATE `sites` SET `proxy_claimed_at` = `updated_at` WHERE `proxy_host` IS NOT NULL;
--> statement-breakpoint
-- Proxies are unique per organization: organizations' unverified claims on one proxy may coexist until DNS
-- proves one of them (only one organization is ever live on a host).
DROP INDEX `sites_proxy`;
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_organization_proxy` ON `sites` (`organization_id`,`proxy`);
--> statement-breakpoint
-- A custom host's requests still find their site by proxy (services/published/site-proxy.ts).
CREATE INDEX `sites_proxy` ON `sites` (`proxy`);
