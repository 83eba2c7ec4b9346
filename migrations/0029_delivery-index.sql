CREATE TABLE `delivery_index` (
	`workout_id` text NOT NULL,
	`deliverer_account_id` text NOT NULL,
	`author_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`removed` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`workout_id`, `deliverer_account_id`)
);
--> statement-breakpoint
CREATE INDEX `delivery_index_deliverer_idx` ON `delivery_index` (`deliverer_account_id`,`removed`);