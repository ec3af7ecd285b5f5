-- search_generation also moves with search_pages: search results show a page's title and path from there (a moved
-- page only gets its new path), and the isolate keeps whole results while the generation stands still.
CREATE TRIGGER `search_pages_generation_ai` AFTER INSERT ON `search_pages` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_pages_generation_ad` AFTER DELETE ON `search_pages` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_pages_generation_au` AFTER UPDATE OF `title`, `path` ON `search_pages` BEGIN
	UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
END;
