DROP INDEX `custom_domains_uri_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_account_uri_unique` ON `custom_domains` (`account_id`,`uri`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_connected_uri_unique` ON `custom_domains` (`uri`) WHERE "custom_domains"."state" = 'connected';