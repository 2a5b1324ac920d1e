DROP INDEX `partners_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `partners_verified_email_unique` ON `partners` (`email`) WHERE is_verified = 1;--> statement-breakpoint
CREATE INDEX `partners_email_idx` ON `partners` (`email`);--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
DROP INDEX `users_contact_number_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_email_unique` ON `users` (`email`) WHERE is_verified = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_contact_number_unique` ON `users` (`contact_number`) WHERE is_verified = 1;--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);