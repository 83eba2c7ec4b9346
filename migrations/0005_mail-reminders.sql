CREATE TABLE `mail_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`mail_id` text NOT NULL,
	`account_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_reminders_kind_key_uq` ON `mail_reminders` (`kind`,`key`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `from_name` text;