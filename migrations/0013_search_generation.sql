-- search_generation: one counter that every change to search_sections moves, so that a cached ranking of a
-- query can tell whether the index it was computed from is still the index (bm25 depends on the whole index).
CREATE TABLE `search_generation` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_generation` (`id`, `generation`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `search_sections_generation_ai` AFTER INSERT ON `search_sections` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_generation_ad` AFTER DELETE ON `search_sections` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_generation_au` AFTER UPDATE ON `search_sections` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
