CREATE TABLE `directory_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`account_id` text,
	`due_at` text NOT NULL,
	`requeues` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `directory_steps_due_at_idx` ON `directory_steps` (`due_at`);