CREATE INDEX `users_email_lower_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `slots_workout_id_starts_at_idx` ON `slots` (`workout_id`,`starts_at`);