PRAGMA defer_foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`to` text NOT NULL,
	`reply_to` text,
	`from_name` text,
	`subject` text NOT NULL,
	`body_key` text,
	`text` text,
	`html` text,
	`attachments` text DEFAULT '[]',
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_mail_outbox`("id", "account_id", "to", "reply_to", "from_name", "subject", "body_key", "text", "html", "attachments", "status", "attempts", "last_error", "created_at", "sent_at") SELECT "id", "account_id", "to", "reply_to", "from_name", "subject", NULL, "text", "html", "attachments", "status", "attempts", "last_error", "created_at", "sent_at" FROM `mail_outbox`;--> statement-breakpoint
DROP TABLE `mail_outbox`;--> statement-breakpoint
ALTER TABLE `__new_mail_outbox` RENAME TO `mail_outbox`;--> statement-breakpoint
PRAGMA defer_foreign_keys=OFF;--> statement-breakpoint
CREATE INDEX `mail_outbox_status_created_at_idx` ON `mail_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_account_id_created_at_idx` ON `mail_outbox` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_created_at_idx` ON `mail_outbox` (`to`,`created_at`);