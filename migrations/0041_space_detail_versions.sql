-- space_detail_versions: a version per space that moves with every change to what a Space object carries beyond its
-- row: its counters (change requests by status, open comments on the space) and where it is published (the sites,
-- site spaces and sections its place is read from). An isolate keeps a space's counters and place with the
-- version it read them at (services/spaces/get-space.ts). A migration that rebuilds one of these tables must
-- recreate its triggers: test/http/space-details.test.ts checks that every one is there.
CREATE TABLE `space_detail_versions` (
	`space_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `change_requests_detail_version_ai` AFTER INSERT ON `change_requests` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `change_requests_detail_version_ad` AFTER DELETE ON `change_requests` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `change_requests_detail_version_au` AFTER UPDATE OF `space_id`, `status` ON `change_requests` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_detail_version_ai` AFTER INSERT ON `comments` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_detail_version_ad` AFTER DELETE ON `comments` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_detail_version_au` AFTER UPDATE OF `space_id`, `change_request_id`, `parent_id`, `resolved_at` ON `comments` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_spaces_detail_version_ai` AFTER INSERT ON `site_spaces` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_spaces_detail_version_ad` AFTER DELETE ON `site_spaces` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_spaces_detail_version_au` AFTER UPDATE OF `site_id`, `space_id`, `section_id`, `path` ON `site_spaces` BEGIN
	INSERT INTO space_detail_versions (space_id, version) VALUES (OLD.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
	INSERT INTO space_detail_versions (space_id, version) VALUES (NEW.space_id, 1)
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sites_detail_version_au` AFTER UPDATE OF `published`, `visibility`, `default_site_space_id`, `default_site_section_id`, `created_at` ON `sites` BEGIN
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = NEW.id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sites_detail_version_ad` AFTER DELETE ON `sites` BEGIN
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = OLD.id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_sections_detail_version_ai` AFTER INSERT ON `site_sections` BEGIN
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = NEW.site_id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_sections_detail_version_ad` AFTER DELETE ON `site_sections` BEGIN
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = OLD.site_id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `site_sections_detail_version_au` AFTER UPDATE OF `site_id`, `path`, `default_site_space_id` ON `site_sections` BEGIN
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = OLD.site_id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
	INSERT INTO space_detail_versions (space_id, version) SELECT space_id, 1 FROM site_spaces WHERE site_id = NEW.site_id
		ON CONFLICT (space_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `spaces_detail_version_ad` AFTER DELETE ON `spaces` BEGIN
	DELETE FROM space_detail_versions WHERE space_id = OLD.id;
END;
