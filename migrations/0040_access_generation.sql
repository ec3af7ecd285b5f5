-- access_generation: one counter that every change to what a personal token's access (its memberships and grants)
-- and a space's collection chain are read from moves, so that an isolate may keep them while the counter stands
-- still (services/access/access-memo.ts). A migration that rebuilds one of these tables must recreate its
-- triggers: test/db/access-generation.test.ts checks that every one is there.
CREATE TABLE `access_generation` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `access_generation` (`id`, `generation`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `organization_members_access_generation_ai` AFTER INSERT ON `organization_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `organization_members_access_generation_ad` AFTER DELETE ON `organization_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `organization_members_access_generation_au` AFTER UPDATE OF `organization_id`, `user_id`, `role`, `disabled` ON `organization_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_grants_access_generation_ai` AFTER INSERT ON `content_grants` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_grants_access_generation_ad` AFTER DELETE ON `content_grants` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_grants_access_generation_au` AFTER UPDATE ON `content_grants` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_access_generation_ai` AFTER INSERT ON `team_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_access_generation_ad` AFTER DELETE ON `team_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `team_members_access_generation_au` AFTER UPDATE OF `team_id`, `user_id`, `organization_id` ON `team_members` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_access_generation_ai` AFTER INSERT ON `collections` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_access_generation_ad` AFTER DELETE ON `collections` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `collections_access_generation_au` AFTER UPDATE OF `organization_id`, `parent_id`, `default_level`, `deleted_at` ON `collections` BEGIN
	UPDATE access_generation SET generation = generation + 1 WHERE id = 1;
END;
