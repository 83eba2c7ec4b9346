CREATE TABLE `published_workouts` (
	`workout_id` text PRIMARY KEY NOT NULL,
	`partner_account_id` text NOT NULL,
	`shard` text NOT NULL,
	`author_name` text NOT NULL,
	`version` integer NOT NULL,
	`partner_visibility` text NOT NULL,
	`limited_to` text DEFAULT '[]' NOT NULL,
	`title` text NOT NULL,
	`category` text NOT NULL,
	`difficulty` text NOT NULL,
	`total_minutes` integer NOT NULL,
	`priority` integer NOT NULL,
	`document` text NOT NULL,
	`published_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `published_workouts_partner_visibility_priority_idx` ON `published_workouts` (`partner_visibility`,`priority`);--> statement-breakpoint
ALTER TABLE `workouts` ADD `version` integer DEFAULT 1 NOT NULL;