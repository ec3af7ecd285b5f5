CREATE TABLE `content_links` (
	`space_id` text NOT NULL,
	`hash` text NOT NULL,
	`links` text NOT NULL,
	`anchors` text NOT NULL,
	PRIMARY KEY(`space_id`, `hash`)
);
