CREATE TABLE `time_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`partner_account_id` text NOT NULL,
	`job_id` text NOT NULL,
	`line_id` text NOT NULL,
	`job_shard` text NOT NULL,
	`slot_id` text,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `time_claims_key_idx` ON `time_claims` (`key`);--> statement-breakpoint
CREATE INDEX `time_claims_partner_starts_idx` ON `time_claims` (`partner_account_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `time_claims_job_id_idx` ON `time_claims` (`job_id`);