ALTER TABLE `revisions` ADD `computed_specs` text;--> statement-breakpoint
ALTER TABLE `search_index_state` ADD `computed_specs` text;