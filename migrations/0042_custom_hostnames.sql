-- Custom hostnames (issue 27, part 2): a site's proxy is normalized, unique, owned by one organization per
-- host, and serves only once DNS proves ownership (proxy_status 'live').
DROP INDEX IF EXISTS `sites_proxy`;--> statement-breakpoint
ALTER TABLE `sites` ADD `proxy_host` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `proxy_status` text;--> statement-breakpoint
ALTER TABLE `sites` ADD `proxy_token` text;--> statement-breakpoint
UPDATE `sites` SET `proxy` = lower(`proxy`) WHERE `proxy` IS NOT NULL;--> statement-breakpoint
UPDATE `sites` SET `proxy_host` = substr(`proxy`, 1, instr(`proxy` || '/', '/') - 1) WHERE `proxy` IS NOT NULL;--> statement-breakpoint
-- A host claimed by several organizations stays with the organization of its oldest claim; of several sites
-- with one proxy, the oldest keeps it. (The oldest claim itself is never cleared, so the order rows are
-- updated in does not matter.)
UPDATE `sites` SET `proxy` = NULL, `proxy_host` = NULL WHERE `proxy` IS NOT NULL AND (
  `organization_id` != (
    SELECT o.`organization_id` FROM `sites` o WHERE o.`proxy_host` = `sites`.`proxy_host`
    ORDER BY o.`created_at`, o.`id` LIMIT 1
  )
  OR EXISTS (
    SELECT 1 FROM `sites` o WHERE o.`proxy` = `sites`.`proxy` AND o.`id` != `sites`.`id`
      AND (o.`created_at` < `sites`.`created_at` OR (o.`created_at` = `sites`.`created_at` AND o.`id` < `sites`.`id`))
  )
);--> statement-breakpoint
-- Every existing proxy starts unverified, with its own challenge token.
UPDATE `sites` SET `proxy_status` = 'dns_no_cname', `proxy_token` = lower(hex(randomblob(16))) WHERE `proxy` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `sites_proxy` ON `sites` (`proxy`);--> statement-breakpoint
CREATE INDEX `sites_proxy_host` ON `sites` (`proxy_host`);
