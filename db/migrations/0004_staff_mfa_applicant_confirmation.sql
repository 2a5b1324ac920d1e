CREATE TABLE `staff_mfa` (
	`staff_id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`confirmed_at` integer,
	`last_used_step` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_recovery_codes_unique` ON `staff_recovery_codes` (`staff_id`,`code_hash`);--> statement-breakpoint
ALTER TABLE `job_applicants` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `job_applications` ADD `forwarded_at` integer;--> statement-breakpoint
-- Applications made before e-mail confirmation existed were already passed on to employers.
UPDATE `job_applications` SET `forwarded_at` = `created_at`;
