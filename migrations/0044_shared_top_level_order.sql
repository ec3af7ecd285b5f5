-- A site's top level (its section groups and ungrouped sections) now has one shared order (issue 27, part 8).
-- Both tables already carry fractional keys of one key space, but groups and sections were appended each after
-- their own kind, so their keys tie (both start at `a0`), and a section leaving a group kept its in-group key.
-- The order as getSiteStructure showed it is kept: by key, then groups before sections, then by id; each level
-- (the top, and each group's sections) is re-keyed with distinct keys in that order (`c` + 3 base-62 digits:
-- valid keys of src/lib/ordering.ts, up to 238,328 items per level). Sections naming a missing group (none is
-- expected) join the top level, where the code has always counted them.
UPDATE `site_sections` SET `group_id` = NULL
  WHERE `group_id` IS NOT NULL AND `group_id` NOT IN (SELECT `id` FROM `site_section_groups`);
--> statement-breakpoint
CREATE TABLE `_structure_order_0044` (`id` text PRIMARY KEY NOT NULL, `sort_key` text NOT NULL);
--> statement-breakpoint
INSERT INTO `_structure_order_0044` (`id`, `sort_key`)
SELECT `id`,
  'c' || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (`n` / 3844) % 62 + 1, 1)
      || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (`n` / 62) % 62 + 1, 1)
      || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', `n` % 62 + 1, 1)
FROM (
  SELECT `id`, ROW_NUMBER() OVER (PARTITION BY `site_id`, `level` ORDER BY `sort_key`, `rank`, `id`) - 1 AS `n`
  FROM (
    SELECT `id`, `site_id`, '' AS `level`, `sort_key`, 0 AS `rank` FROM `site_section_groups`
    UNION ALL
    SELECT `id`, `site_id`, COALESCE(`group_id`, '') AS `level`, `sort_key`, 1 AS `rank` FROM `site_sections`
  )
);
--> statement-breakpoint
UPDATE `site_section_groups`
  SET `sort_key` = (SELECT `o`.`sort_key` FROM `_structure_order_0044` `o` WHERE `o`.`id` = `site_section_groups`.`id`)
  WHERE `id` IN (SELECT `id` FROM `_structure_order_0044`);
--> statement-breakpoint
UPDATE `site_sections`
  SET `sort_key` = (SELECT `o`.`sort_key` FROM `_structure_order_0044` `o` WHERE `o`.`id` = `site_sections`.`id`)
  WHERE `id` IN (SELECT `id` FROM `_structure_order_0044`);
--> statement-breakpoint
DROP TABLE `_structure_order_0044`;
