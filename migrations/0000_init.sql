CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`tan` text,
	`parent_account_id` text,
	`auth_id` text,
	`industry` text,
	`size` text,
	`website` text,
	`logo_key` text,
	`primary_email` text,
	`currency` text DEFAULT 'USD' NOT NULL,
	`location` text,
	`language` text DEFAULT 'enUS' NOT NULL,
	`price_group_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`parent_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_group_id`) REFERENCES `price_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_tan_unique` ON `accounts` (`tan`);--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_auth_id_unique` ON `accounts` (`auth_id`);--> statement-breakpoint
CREATE INDEX `accounts_parent_account_id_name_idx` ON `accounts` (`parent_account_id`,`name`);--> statement-breakpoint
CREATE INDEX `accounts_type_idx` ON `accounts` (`type`);--> statement-breakpoint
CREATE INDEX `accounts_price_group_id_idx` ON `accounts` (`price_group_id`);--> statement-breakpoint
CREATE TABLE `account_users` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text DEFAULT 'member' NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_users_account_id_user_id_uq` ON `account_users` (`account_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `account_users_account_id_status_name_idx` ON `account_users` (`account_id`,`status`,`name`);--> statement-breakpoint
CREATE INDEX `account_users_user_id_idx` ON `account_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `invites` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invited_by_user_id` text,
	`auth_invite_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`responded_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invites_account_id_status_idx` ON `invites` (`account_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `invites_account_id_email_pending_uq` ON `invites` (`account_id`,`email`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `invites_email_status_idx` ON `invites` (`email`,`status`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`auth_id` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`theme` text DEFAULT 'light' NOT NULL,
	`language` text DEFAULT 'enUS' NOT NULL,
	`photo_key` text,
	`onboarding_invites_cleared_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_auth_id_unique` ON `users` (`auth_id`);--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `team_memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`team_id` text NOT NULL,
	`account_user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_user_id`) REFERENCES `account_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_memberships_team_id_account_user_id_uq` ON `team_memberships` (`team_id`,`account_user_id`);--> statement-breakpoint
CREATE INDEX `team_memberships_account_id_account_user_id_idx` ON `team_memberships` (`account_id`,`account_user_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`department` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_account_id_department_name_idx` ON `teams` (`account_id`,`department`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `teams_account_id_name_uq` ON `teams` (`account_id`,`name`);--> statement-breakpoint
CREATE TABLE `stylings` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`brand_colour` text,
	`gradient_colour_one` text,
	`gradient_colour_two` text,
	`light_gradient_text_colour` text,
	`light_hero_text_colour` text,
	`font_family` text,
	`platform_name` text,
	`logo_key` text,
	`homepage_hero_background_key` text,
	`login_background_key` text,
	`show_logo_on_login` integer DEFAULT true NOT NULL,
	`support_email` text,
	`score_name` text,
	`custom_score_string` text,
	`fit_score_variant` text DEFAULT 'round' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stylings_account_id_unique` ON `stylings` (`account_id`);--> statement-breakpoint
CREATE TABLE `custom_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`uri` text NOT NULL,
	`state` text DEFAULT 'awaitingConnection' NOT NULL,
	`is_satellite` integer DEFAULT true NOT NULL,
	`verification_token` text NOT NULL,
	`provider_hostname_id` text,
	`connected_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_uri_unique` ON `custom_domains` (`uri`);--> statement-breakpoint
CREATE INDEX `custom_domains_account_id_idx` ON `custom_domains` (`account_id`);--> statement-breakpoint
CREATE TABLE `delivery_partners` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`variant_id` text,
	`partner_tan` text NOT NULL,
	`partner_account_id` text,
	`name` text NOT NULL,
	`selection_percent` integer DEFAULT 100 NOT NULL,
	`start_date` text,
	`end_date` text,
	`visible_to_partners` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `workout_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "delivery_partners_selection_percent_ck" CHECK("delivery_partners"."selection_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `delivery_partners_workout_id_variant_id_idx` ON `delivery_partners` (`workout_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `delivery_partners_partner_account_id_idx` ON `delivery_partners` (`partner_account_id`);--> statement-breakpoint
CREATE INDEX `delivery_partners_account_id_idx` ON `delivery_partners` (`account_id`);--> statement-breakpoint
CREATE TABLE `library_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`priority` integer DEFAULT 100 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `library_entries_account_id_workout_id_uq` ON `library_entries` (`account_id`,`workout_id`);--> statement-breakpoint
CREATE INDEX `library_entries_account_id_status_priority_idx` ON `library_entries` (`account_id`,`status`,`priority`);--> statement-breakpoint
CREATE INDEX `library_entries_workout_id_idx` ON `library_entries` (`workout_id`);--> statement-breakpoint
CREATE TABLE `prerequisites` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`category` text,
	`required_workout_id` text,
	`minimum_score` real,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`required_workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prerequisites_workout_id_idx` ON `prerequisites` (`workout_id`);--> statement-breakpoint
CREATE TABLE `pricing_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`variant_id` text,
	`price_type` text DEFAULT 'allCustomers' NOT NULL,
	`customer_account_id` text,
	`price_group_id` text,
	`name` text NOT NULL,
	`pricing_type` text NOT NULL,
	`on_plan` integer DEFAULT false NOT NULL,
	`currency` text NOT NULL,
	`amount` integer NOT NULL,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `workout_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_group_id`) REFERENCES `price_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pricing_lines_amount_ck" CHECK("pricing_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `pricing_lines_workout_id_variant_id_idx` ON `pricing_lines` (`workout_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `pricing_lines_account_id_workout_id_idx` ON `pricing_lines` (`account_id`,`workout_id`);--> statement-breakpoint
CREATE INDEX `pricing_lines_customer_account_id_idx` ON `pricing_lines` (`customer_account_id`);--> statement-breakpoint
CREATE INDEX `pricing_lines_price_group_id_idx` ON `pricing_lines` (`price_group_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`workout_id` text NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_ck" CHECK("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_workout_id_user_id_uq` ON `reviews` (`workout_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_workout_id_created_at_idx` ON `reviews` (`workout_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_account_id_idx` ON `reviews` (`account_id`);--> statement-breakpoint
CREATE TABLE `session_action_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`session_id` text NOT NULL,
	`assignee_type` text NOT NULL,
	`stage` text NOT NULL,
	`name` text NOT NULL,
	`link` text,
	`due_offset_days` integer,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `workout_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_action_items_session_id_idx` ON `session_action_items` (`session_id`);--> statement-breakpoint
CREATE INDEX `session_action_items_workout_id_idx` ON `session_action_items` (`workout_id`);--> statement-breakpoint
CREATE TABLE `session_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`session_id` text NOT NULL,
	`type` text NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`description` text,
	`file_key` text,
	`value` text,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `workout_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_attachments_session_id_idx` ON `session_attachments` (`session_id`);--> statement-breakpoint
CREATE INDEX `session_attachments_workout_id_idx` ON `session_attachments` (`workout_id`);--> statement-breakpoint
CREATE TABLE `workout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`workout_id` text NOT NULL,
	`account_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`name` text NOT NULL,
	`short_summary` text,
	`description` text,
	`icon` text,
	`length_minutes` integer NOT NULL,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workout_sessions_length_minutes_ck" CHECK("workout_sessions"."length_minutes" > 0)
);
--> statement-breakpoint
CREATE INDEX `workout_sessions_workout_id_sequence_idx` ON `workout_sessions` (`workout_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `workout_sessions_account_id_idx` ON `workout_sessions` (`account_id`);--> statement-breakpoint
CREATE TABLE `workout_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`workout_id` text NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`locale` text DEFAULT 'enUS' NOT NULL,
	`available_from` text,
	`available_to` text,
	`custom_pricing` integer DEFAULT false NOT NULL,
	`partner_visibility` text DEFAULT 'private' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_variants_workout_id_idx` ON `workout_variants` (`workout_id`);--> statement-breakpoint
CREATE INDEX `workout_variants_account_id_workout_id_idx` ON `workout_variants` (`account_id`,`workout_id`);--> statement-breakpoint
CREATE TABLE `workouts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`sku` text NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`allow_partner_variants` integer DEFAULT false NOT NULL,
	`total_minutes` integer DEFAULT 60 NOT NULL,
	`max_attendees` integer DEFAULT 5 NOT NULL,
	`difficulty` text NOT NULL,
	`format` text DEFAULT 'onlineInstructorLed' NOT NULL,
	`great_for` text DEFAULT '[]' NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`description` text,
	`icon` text,
	`featured_media` text DEFAULT '[]' NOT NULL,
	`visibility` text,
	`partner_visibility` text DEFAULT 'private' NOT NULL,
	`priority` integer DEFAULT 100 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workouts_total_minutes_ck" CHECK("workouts"."total_minutes" > 0),
	CONSTRAINT "workouts_max_attendees_ck" CHECK("workouts"."max_attendees" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workouts_account_id_sku_uq` ON `workouts` (`account_id`,`sku`);--> statement-breakpoint
CREATE INDEX `workouts_account_id_category_idx` ON `workouts` (`account_id`,`category`);--> statement-breakpoint
CREATE INDEX `workouts_partner_visibility_idx` ON `workouts` (`partner_visibility`);--> statement-breakpoint
CREATE TABLE `featured_group_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`featured_group_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`featured_group_id`) REFERENCES `featured_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `featured_group_items_group_id_workout_id_uq` ON `featured_group_items` (`featured_group_id`,`workout_id`);--> statement-breakpoint
CREATE INDEX `featured_group_items_group_id_sequence_idx` ON `featured_group_items` (`featured_group_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `featured_group_items_account_id_idx` ON `featured_group_items` (`account_id`);--> statement-breakpoint
CREATE TABLE `featured_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `featured_groups_account_id_title_idx` ON `featured_groups` (`account_id`,`title`);--> statement-breakpoint
CREATE TABLE `price_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_groups_account_id_name_uq` ON `price_groups` (`account_id`,`name`);--> statement-breakpoint
CREATE TABLE `homepage_rows` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`is_hero` integer DEFAULT false NOT NULL,
	`type` text,
	`title` text,
	`subtitle` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `homepage_rows_account_id_sequence_idx` ON `homepage_rows` (`account_id`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `homepage_rows_account_id_hero_uq` ON `homepage_rows` (`account_id`) WHERE is_hero = 1;--> statement-breakpoint
CREATE TABLE `homepage_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`row_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`item_type` text NOT NULL,
	`category` text,
	`featured_group_id` text,
	`workout_ids` text DEFAULT '[]' NOT NULL,
	`media_key` text,
	`media_url` text,
	`media_display_type` text,
	`hero_text` text,
	`title` text,
	`subtitle` text,
	`link_url` text,
	`start_date` text,
	`end_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`row_id`) REFERENCES `homepage_rows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`featured_group_id`) REFERENCES `featured_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `homepage_slots_row_id_sequence_idx` ON `homepage_slots` (`row_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `homepage_slots_account_id_idx` ON `homepage_slots` (`account_id`);--> statement-breakpoint
CREATE TABLE `saved_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`item_type` text DEFAULT 'workout' NOT NULL,
	`workout_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_items_account_id_user_id_sequence_idx` ON `saved_items` (`account_id`,`user_id`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_items_account_id_user_id_workout_id_uq` ON `saved_items` (`account_id`,`user_id`,`workout_id`);--> statement-breakpoint
CREATE TABLE `job_action_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_id` text NOT NULL,
	`job_line_id` text NOT NULL,
	`session_action_item_id` text,
	`assignee_type` text NOT NULL,
	`stage` text NOT NULL,
	`name` text NOT NULL,
	`link` text,
	`due_at` text,
	`completed_at` text,
	`completed_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_line_id`) REFERENCES `job_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_action_item_id`) REFERENCES `session_action_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`completed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `job_action_items_job_line_id_idx` ON `job_action_items` (`job_line_id`);--> statement-breakpoint
CREATE INDEX `job_action_items_job_id_idx` ON `job_action_items` (`job_id`);--> statement-breakpoint
CREATE TABLE `job_artifacts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_id` text NOT NULL,
	`job_line_id` text,
	`type` text NOT NULL,
	`assignee_type` text,
	`name` text NOT NULL,
	`file_key` text,
	`value` text,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_line_id`) REFERENCES `job_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `job_artifacts_job_id_idx` ON `job_artifacts` (`job_id`);--> statement-breakpoint
CREATE TABLE `job_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_id` text NOT NULL,
	`session_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`scheduled_at` text,
	`slot_id` text,
	`requested_times` text DEFAULT '[]' NOT NULL,
	`reschedule_reason` text,
	`reschedule_comment` text,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `workout_sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `job_lines_job_id_sequence_idx` ON `job_lines` (`job_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `job_lines_account_id_scheduled_at_idx` ON `job_lines` (`account_id`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `job_lines_slot_id_idx` ON `job_lines` (`slot_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`partner_account_id` text NOT NULL,
	`delivery_partner_account_id` text,
	`workout_id` text NOT NULL,
	`variant_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`cancel_reason` text,
	`cancel_comment` text,
	`pricing_line_id` text,
	`credits_consumed` integer DEFAULT 0 NOT NULL,
	`price_amount` integer,
	`currency` text,
	`booked_by_user_id` text,
	`cancelled_at` text,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`delivery_partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`variant_id`) REFERENCES `workout_variants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pricing_line_id`) REFERENCES `pricing_lines`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`booked_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jobs_account_id_status_idx` ON `jobs` (`account_id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_account_id_created_at_idx` ON `jobs` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_partner_account_id_status_idx` ON `jobs` (`partner_account_id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_delivery_partner_account_id_status_idx` ON `jobs` (`delivery_partner_account_id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_workout_id_idx` ON `jobs` (`workout_id`);--> statement-breakpoint
CREATE TABLE `slots` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_account_id` text NOT NULL,
	`workout_id` text NOT NULL,
	`session_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`capacity` integer NOT NULL,
	`seats_taken` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `workout_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "slots_capacity_ck" CHECK("slots"."capacity" > 0),
	CONSTRAINT "slots_seats_taken_ck" CHECK("slots"."seats_taken" >= 0 and "slots"."seats_taken" <= "slots"."capacity")
);
--> statement-breakpoint
CREATE INDEX `slots_partner_account_id_starts_at_idx` ON `slots` (`partner_account_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `slots_session_id_starts_at_idx` ON `slots` (`session_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `credit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`plan_entry_id` text,
	`plan_name` text NOT NULL,
	`variant_name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`refresh_period` text DEFAULT 'none' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_entry_id`) REFERENCES `plan_entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_entries_account_id_start_date_idx` ON `credit_entries` (`account_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `credit_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`credit_entry_id` text NOT NULL,
	`source` text NOT NULL,
	`item_type` text NOT NULL,
	`update_type` text NOT NULL,
	`quantity` integer NOT NULL,
	`entered_at` text NOT NULL,
	`context` text,
	`job_id` text,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`credit_entry_id`) REFERENCES `credit_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_lines_account_id_entered_at_idx` ON `credit_lines` (`account_id`,`entered_at`);--> statement-breakpoint
CREATE INDEX `credit_lines_credit_entry_id_entered_at_idx` ON `credit_lines` (`credit_entry_id`,`entered_at`);--> statement-breakpoint
CREATE INDEX `credit_lines_job_id_idx` ON `credit_lines` (`job_id`);--> statement-breakpoint
CREATE TABLE `plan_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`plan_id` text,
	`plan_name` text NOT NULL,
	`variant_name` text NOT NULL,
	`commitment_term` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`earliest_end_date` text,
	`renewal_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_entries_account_id_start_date_idx` ON `plan_entries` (`account_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`plan_name` text NOT NULL,
	`variant_name` text NOT NULL,
	`commitment_term` text NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`refresh_period` text DEFAULT 'none' NOT NULL,
	`price_amount` integer,
	`currency` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_account_id_plan_name_variant_name_uq` ON `plans` (`account_id`,`plan_name`,`variant_name`);--> statement-breakpoint
CREATE TABLE `assessments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`partner_account_id` text,
	`category` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`token` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assessments_token_unique` ON `assessments` (`token`);--> statement-breakpoint
CREATE INDEX `assessments_account_id_category_status_idx` ON `assessments` (`account_id`,`category`,`status`);--> statement-breakpoint
CREATE INDEX `assessments_partner_account_id_idx` ON `assessments` (`partner_account_id`);--> statement-breakpoint
CREATE TABLE `score_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`score_id` text NOT NULL,
	`account_id` text,
	`assessee_name` text,
	`assessee_email` text,
	`value` real NOT NULL,
	`submitted_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`score_id`) REFERENCES `scores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `score_entries_score_id_idx` ON `score_entries` (`score_id`);--> statement-breakpoint
CREATE INDEX `score_entries_account_id_submitted_at_idx` ON `score_entries` (`account_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `score_entries_assessee_email_idx` ON `score_entries` (`assessee_email`);--> statement-breakpoint
CREATE TABLE `scores` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`partner_account_id` text,
	`assessment_id` text,
	`category` text NOT NULL,
	`score` real NOT NULL,
	`score_percent` integer NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`assessed_at` text,
	`created_by_user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assessment_id`) REFERENCES `assessments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `scores_account_id_category_created_at_idx` ON `scores` (`account_id`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `scores_partner_account_id_account_id_idx` ON `scores` (`partner_account_id`,`account_id`);--> statement-breakpoint
CREATE INDEX `scores_assessment_id_idx` ON `scores` (`assessment_id`);--> statement-breakpoint
CREATE TABLE `audit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`code` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`user_id` text,
	`data` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_entries_account_id_created_at_idx` ON `audit_entries` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_entries_subject_type_subject_id_idx` ON `audit_entries` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`to` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_created_at_idx` ON `mail_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_account_id_created_at_idx` ON `mail_outbox` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_created_at_idx` ON `mail_outbox` (`to`,`created_at`);