-- Issue 18: job alerts (with the digest's claim columns), the per-account "last seen" of timelines,
-- and outbox rows whose recipient is forgotten once delivered (an erasure's confirmation).
CREATE TABLE `job_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`applicant_id` text NOT NULL,
	`keywords` text,
	`category` text,
	`location` text,
	`digested_until` integer NOT NULL,
	`previous_digested_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`applicant_id`) REFERENCES `job_applicants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_alerts_applicant_idx` ON `job_alerts` (`applicant_id`);
--> statement-breakpoint
CREATE INDEX `job_alerts_digested_idx` ON `job_alerts` (`digested_until`);
--> statement-breakpoint
ALTER TABLE `job_applicants` ADD `timeline_seen_at` integer;
--> statement-breakpoint
ALTER TABLE `partners` ADD `timeline_seen_at` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `timeline_seen_at` integer;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `forget_recipient` integer DEFAULT false NOT NULL;
