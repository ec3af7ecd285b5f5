-- Grounded answers (issue 31 part 3): the questions asked of a site's assistant (one row per distinct question
-- text), each answer given (with its thread), and the sections each answer cited.
CREATE TABLE `site_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`question` text NOT NULL,
	`normalized` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`asked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_questions_text` ON `site_questions` (`site_id`,`normalized`);
--> statement-breakpoint
CREATE INDEX `site_questions_created` ON `site_questions` (`site_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE TABLE `site_question_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`question_id` text NOT NULL,
	`question_type` text NOT NULL,
	`input_text` text NOT NULL,
	`input_raw` text NOT NULL,
	`thread_id` text NOT NULL,
	`previous_id` text,
	`language` text NOT NULL,
	`answered` text NOT NULL,
	`helpfulness` text NOT NULL,
	`relevance` text NOT NULL,
	`channel` text NOT NULL,
	`via` text NOT NULL,
	`text` text NOT NULL,
	`followups` text DEFAULT '[]' NOT NULL,
	`visitor_id` text,
	`session_id` text,
	`rating` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_question_answers_site` ON `site_question_answers` (`site_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `site_question_answers_question` ON `site_question_answers` (`question_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `site_question_answers_thread` ON `site_question_answers` (`thread_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `site_question_answer_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`answer_id` text NOT NULL,
	`site_id` text NOT NULL,
	`position` integer NOT NULL,
	`space_id` text NOT NULL,
	`revision_id` text NOT NULL,
	`page_id` text NOT NULL,
	`title` text NOT NULL,
	`section` text NOT NULL,
	`url` text NOT NULL,
	`weight` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_question_answer_sources_answer` ON `site_question_answer_sources` (`answer_id`,`position`);
--> statement-breakpoint
-- The sections of each space embedded in Vectorize (deployments with AI and VECTORIZE bindings): what the
-- vector indexer compares with search_sections to embed only what changed and delete what is gone.
CREATE TABLE `answer_vectors` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `answer_vectors_space` ON `answer_vectors` (`space_id`);
