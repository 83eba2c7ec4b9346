ALTER TABLE `credit_entries` ADD `partner_account_id` text REFERENCES accounts(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `credit_lines` ADD `partner_account_id` text REFERENCES accounts(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `plan_entries` ADD `partner_account_id` text REFERENCES accounts(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `audit_entries` ADD `partner_account_id` text REFERENCES accounts(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `audit_entries_account_id_partner_account_id_created_at_idx` ON `audit_entries` (`account_id`,`partner_account_id`,`created_at`);--> statement-breakpoint
UPDATE `audit_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = audit_entries.account_id) WHERE `partner_account_id` IS NULL;
--> statement-breakpoint
UPDATE `plan_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = plan_entries.account_id) WHERE `partner_account_id` IS NULL;
--> statement-breakpoint
UPDATE `credit_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = credit_entries.account_id) WHERE `partner_account_id` IS NULL;
--> statement-breakpoint
UPDATE `credit_lines` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = credit_lines.account_id) WHERE `partner_account_id` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_stamp_partner` AFTER INSERT ON `audit_entries` FOR EACH ROW WHEN NEW.partner_account_id IS NULL BEGIN UPDATE `audit_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = NEW.account_id) WHERE `id` = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER `plan_entries_stamp_partner` AFTER INSERT ON `plan_entries` FOR EACH ROW WHEN NEW.partner_account_id IS NULL BEGIN UPDATE `plan_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = NEW.account_id) WHERE `id` = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER `credit_entries_stamp_partner` AFTER INSERT ON `credit_entries` FOR EACH ROW WHEN NEW.partner_account_id IS NULL BEGIN UPDATE `credit_entries` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = NEW.account_id) WHERE `id` = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER `credit_lines_stamp_partner` AFTER INSERT ON `credit_lines` FOR EACH ROW WHEN NEW.partner_account_id IS NULL BEGIN UPDATE `credit_lines` SET `partner_account_id` = (SELECT CASE WHEN a.type = 'partner' THEN a.id ELSE a.parent_account_id END FROM accounts a WHERE a.id = NEW.account_id) WHERE `id` = NEW.id; END;
