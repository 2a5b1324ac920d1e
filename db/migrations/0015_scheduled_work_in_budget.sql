CREATE TABLE `scheduled_state` (
	`job` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `job_alerts` ADD `digest_claimed_until` integer;