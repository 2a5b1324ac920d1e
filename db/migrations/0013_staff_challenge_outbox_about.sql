ALTER TABLE `staff` ADD `sign_in_challenge_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `about` text;--> statement-breakpoint
CREATE INDEX `outbox_about_idx` ON `outbox` (`about`);