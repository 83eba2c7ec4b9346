CREATE TABLE `slot_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`job_id` text NOT NULL,
	`line_id` text NOT NULL,
	`job_shard` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slot_holds_slot_id_idx` ON `slot_holds` (`slot_id`);--> statement-breakpoint
CREATE INDEX `slot_holds_job_id_idx` ON `slot_holds` (`job_id`);--> statement-breakpoint
ALTER TABLE `job_lines` ADD `away_slot_id` text;--> statement-breakpoint
ALTER TABLE `job_lines` ADD `away_hold_id` text;