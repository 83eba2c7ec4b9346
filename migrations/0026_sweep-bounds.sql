CREATE TABLE `sweep_cursors` (
	`sweep` text PRIMARY KEY NOT NULL,
	`position` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_users_status_id_idx` ON `account_users` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `workouts_updated_at_idx` ON `workouts` (`updated_at`);--> statement-breakpoint
CREATE INDEX `job_action_items_due_at_idx` ON `job_action_items` (`due_at`);--> statement-breakpoint
CREATE INDEX `job_lines_scheduled_at_idx` ON `job_lines` (`scheduled_at`);--> statement-breakpoint
CREATE INDEX `jobs_status_updated_at_idx` ON `jobs` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `plan_entries_end_date_idx` ON `plan_entries` (`end_date`);--> statement-breakpoint
CREATE INDEX `auth_users_email_verified_updated_at_idx` ON `auth_users` (`email_verified`,`updated_at`);