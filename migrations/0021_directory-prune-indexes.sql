CREATE INDEX `auth_rate_limits_last_request_idx` ON `auth_rate_limits` (`last_request`);--> statement-breakpoint
CREATE INDEX `auth_sessions_expires_at_idx` ON `auth_sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `auth_verifications_expires_at_idx` ON `auth_verifications` (`expires_at`);