ALTER TABLE `accounts` ADD `shard` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `region` text;--> statement-breakpoint
-- Backfill: every partner so far is on the first shard (the original database), in the region of its location (worker/domain/regions.ts).
UPDATE `accounts` SET `shard` = 'first', `region` = CASE `location` WHEN 'US' THEN 'enam' WHEN 'CA' THEN 'enam' WHEN 'UK' THEN 'weur' END WHERE `type` = 'partner';
