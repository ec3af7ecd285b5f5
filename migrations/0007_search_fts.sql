-- Full-text indexes over search_sections, as external content (the text is stored once, in search_sections).
-- search_fts: words (unicode61, diacritics folded), with prefix indexes for search-as-you-type.
-- search_trigram: every 3-character substring, so CJK text (no spaces between words) and parts of words are found.
-- Columns and their bm25 weights at query time: page_title, heading, body.
CREATE VIRTUAL TABLE `search_fts` USING fts5(
	page_title, heading, body,
	content = 'search_sections', content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_trigram` USING fts5(
	page_title, heading, body,
	content = 'search_sections', content_rowid = 'id',
	tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `search_sections_ai` AFTER INSERT ON `search_sections` BEGIN
	INSERT INTO search_fts (rowid, page_title, heading, body) VALUES (new.id, new.page_title, new.heading, new.body);
	INSERT INTO search_trigram (rowid, page_title, heading, body) VALUES (new.id, new.page_title, new.heading, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_ad` AFTER DELETE ON `search_sections` BEGIN
	INSERT INTO search_fts (search_fts, rowid, page_title, heading, body) VALUES ('delete', old.id, old.page_title, old.heading, old.body);
	INSERT INTO search_trigram (search_trigram, rowid, page_title, heading, body) VALUES ('delete', old.id, old.page_title, old.heading, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_au` AFTER UPDATE ON `search_sections` BEGIN
	INSERT INTO search_fts (search_fts, rowid, page_title, heading, body) VALUES ('delete', old.id, old.page_title, old.heading, old.body);
	INSERT INTO search_trigram (search_trigram, rowid, page_title, heading, body) VALUES ('delete', old.id, old.page_title, old.heading, old.body);
	INSERT INTO search_fts (rowid, page_title, heading, body) VALUES (new.id, new.page_title, new.heading, new.body);
	INSERT INTO search_trigram (rowid, page_title, heading, body) VALUES (new.id, new.page_title, new.heading, new.body);
END;
