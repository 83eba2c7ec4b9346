-- Expand-then-contract, step two (docs/decisions/2026-11-27-routing-rows-contracted.md): a customer's
-- routing row keeps no details where it is only a routing row. Run on every database (one migration set),
-- it touches only customer rows whose database holds none of the customer's own rows (no team: every
-- account keeps at least one, created with it and copied with it; no member): the directory's copy of a
-- customer that lives on another shard. On the directory's own database (shard `first`) a customer that
-- lives there has its teams there, so its row, the shard's row too, keeps its details; so does every
-- customer's row on its own shard, and the history a re-linked customer left on a former shard.
-- Nulled, not dropped: the columns stay, so the previous release's queries run unchanged during a deploy.
UPDATE `accounts` SET `industry` = NULL, `size` = NULL, `website` = NULL, `logo_key` = NULL, `primary_email` = NULL, `location` = NULL, `time_zone` = NULL, `price_group_id` = NULL
WHERE `type` = 'customer'
  AND (`industry` IS NOT NULL OR `size` IS NOT NULL OR `website` IS NOT NULL OR `logo_key` IS NOT NULL OR `primary_email` IS NOT NULL OR `location` IS NOT NULL OR `time_zone` IS NOT NULL OR `price_group_id` IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM `teams` t WHERE t.`account_id` = `accounts`.`id`)
  AND NOT EXISTS (SELECT 1 FROM `account_users` m WHERE m.`account_id` = `accounts`.`id`);
