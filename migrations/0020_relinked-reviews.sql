DROP INDEX `reviews_workout_id_user_id_uq`;--> statement-breakpoint
DROP INDEX `reviews_workout_id_created_at_idx`;--> statement-breakpoint
ALTER TABLE `reviews` ADD `partner_account_id` text REFERENCES accounts(id);--> statement-breakpoint
UPDATE `reviews` SET `partner_account_id` = coalesce((SELECT j.partner_account_id FROM jobs j WHERE j.account_id = reviews.account_id AND j.workout_id = reviews.workout_id AND j.status = 'completed' ORDER BY j.updated_at DESC LIMIT 1), (SELECT a.parent_account_id FROM accounts a WHERE a.id = reviews.account_id)) WHERE `partner_account_id` IS NULL;--> statement-breakpoint
CREATE TRIGGER `reviews_stamp_partner` AFTER INSERT ON `reviews` FOR EACH ROW WHEN NEW.partner_account_id IS NULL BEGIN UPDATE `reviews` SET `partner_account_id` = (SELECT a.parent_account_id FROM accounts a WHERE a.id = NEW.account_id) WHERE `id` = NEW.id; END;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_workout_id_user_id_partner_account_id_uq` ON `reviews` (`workout_id`,`user_id`,`partner_account_id`);--> statement-breakpoint
CREATE INDEX `reviews_workout_id_partner_account_id_created_at_idx` ON `reviews` (`workout_id`,`partner_account_id`,`created_at`);