CREATE TABLE `availability_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_account_id` text NOT NULL,
	`workout_id` text,
	`time_zone` text NOT NULL,
	`weekly` text DEFAULT '[]' NOT NULL,
	`overrides` text DEFAULT '[]' NOT NULL,
	`min_notice_minutes` integer DEFAULT 0 NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "availability_schedules_notice_ck" CHECK("availability_schedules"."min_notice_minutes" >= 0 and "availability_schedules"."buffer_minutes" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `availability_schedules_partner_workout_uq` ON `availability_schedules` (`partner_account_id`,coalesce(`workout_id`, ''));