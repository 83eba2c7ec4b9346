ALTER TABLE `plan_entries` ADD `next_refresh_date` text;--> statement-breakpoint
CREATE INDEX `plan_entries_next_refresh_date_end_date_idx` ON `plan_entries` (`next_refresh_date`,`end_date`);