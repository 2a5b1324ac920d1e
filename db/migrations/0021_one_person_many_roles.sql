CREATE TABLE `people` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`merged_password_hashes` text,
	`tokens_valid_after` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_email_unique` ON `people` (`email`);--> statement-breakpoint
DROP INDEX `users_verified_contact_number_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `person_id` text REFERENCES people(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `users_person_unique` ON `users` (`person_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_contact_number_unique` ON `users` (`contact_number`) WHERE is_verified = 1 and contact_number <> '';--> statement-breakpoint
ALTER TABLE `job_applicants` ADD `person_id` text REFERENCES people(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `job_applicants_person_unique` ON `job_applicants` (`person_id`);--> statement-breakpoint
ALTER TABLE `partners` ADD `person_id` text REFERENCES people(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `partners_person_unique` ON `partners` (`person_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `person_id` text;--> statement-breakpoint
CREATE INDEX `sessions_person_idx` ON `sessions` (`person_id`);