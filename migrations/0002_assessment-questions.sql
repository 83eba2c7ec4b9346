CREATE TABLE `assessment_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_account_id` text,
	`category` text NOT NULL,
	`sequence` integer NOT NULL,
	`text` text NOT NULL,
	`options` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assessment_questions_partner_account_id_category_idx` ON `assessment_questions` (`partner_account_id`,`category`,`sequence`);