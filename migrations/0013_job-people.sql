CREATE TABLE `job_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_line_id` text NOT NULL,
	`user_id` text NOT NULL,
	`present` integer NOT NULL,
	`marked_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_line_id`) REFERENCES `job_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_attendance_job_line_id_user_id_uq` ON `job_attendance` (`job_line_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `job_attendees` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_attendees_job_id_user_id_uq` ON `job_attendees` (`job_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `job_attendees_user_id_idx` ON `job_attendees` (`user_id`);--> statement-breakpoint
ALTER TABLE `workouts` ADD `default_location` text;--> statement-breakpoint
ALTER TABLE `job_lines` ADD `location` text;--> statement-breakpoint
ALTER TABLE `job_lines` ADD `instructor_user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `jobs` ADD `instructor_user_id` text REFERENCES users(id) ON DELETE set null;