PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text,
	`html` text,
	`headers` text,
	`status` text DEFAULT 'sending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`retryable` integer DEFAULT true NOT NULL,
	`last_error` text,
	`provider_id` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- Rows from before delivery tracking: a sent message stays sent (one attempt); a 'queued' or
-- 'failed' one is given up (dead, not retryable): it may carry a one-time code that was withdrawn.
INSERT INTO `__new_outbox`("id", "to", "subject", "text", "html", "status", "attempts", "retryable", "sent_at", "created_at", "updated_at") SELECT "id", "to", "subject", "text", "html", CASE "status" WHEN 'sent' THEN 'sent' ELSE 'dead' END, 1, CASE "status" WHEN 'sent' THEN true ELSE false END, CASE "status" WHEN 'sent' THEN "updated_at" END, "created_at", "updated_at" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `documents_object_key_idx` ON `documents` (`object_key`);--> statement-breakpoint
CREATE INDEX `job_applications_resume_key_idx` ON `job_applications` (`resume_key`);