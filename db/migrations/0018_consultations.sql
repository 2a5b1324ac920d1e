CREATE TABLE `consultations` (
	`id` text PRIMARY KEY NOT NULL,
	`counsellor_id` text NOT NULL,
	`office_id` text NOT NULL,
	`mode` text NOT NULL,
	`topic` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`country` text,
	`message` text,
	`time_zone` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminded_24h_at` integer,
	`reminded_1h_at` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`notes` text,
	`booked_by_staff_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`counsellor_id`) REFERENCES `counsellors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booked_by_staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consultations_counsellor_start_idx` ON `consultations` (`counsellor_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `consultations_email_idx` ON `consultations` (`email`,`start_at`);--> statement-breakpoint
CREATE INDEX `consultations_status_start_idx` ON `consultations` (`status`,`start_at`);--> statement-breakpoint
CREATE TABLE `counsellor_closures` (
	`id` text PRIMARY KEY NOT NULL,
	`counsellor_id` text,
	`office_id` text,
	`date` text NOT NULL,
	`start_minute` integer,
	`end_minute` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`counsellor_id`) REFERENCES `counsellors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `counsellor_closures_date_idx` ON `counsellor_closures` (`date`);--> statement-breakpoint
CREATE TABLE `counsellor_hours` (
	`id` text PRIMARY KEY NOT NULL,
	`counsellor_id` text NOT NULL,
	`office_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	FOREIGN KEY (`counsellor_id`) REFERENCES `counsellors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`office_id`) REFERENCES `offices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `counsellor_hours_counsellor_idx` ON `counsellor_hours` (`counsellor_id`);--> statement-breakpoint
CREATE TABLE `counsellors` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text,
	`name` text NOT NULL,
	`email` text,
	`modes` text NOT NULL,
	`topics` text NOT NULL,
	`video_link` text,
	`meeting_minutes` integer DEFAULT 30 NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`min_notice_minutes` integer DEFAULT 720 NOT NULL,
	`booking_window_days` integer DEFAULT 56 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `offices` ADD `time_zone` text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text;--> statement-breakpoint
-- Backfill: the seeded offices' own zones (rows added later carry theirs from the content file).
UPDATE `offices` SET `time_zone` = 'Asia/Dhaka' WHERE `id` = 'bangladesh-office';--> statement-breakpoint
UPDATE `offices` SET `time_zone` = 'Africa/Lagos' WHERE `id` = 'nigeria-office';--> statement-breakpoint
UPDATE `offices` SET `time_zone` = 'Europe/Tallinn' WHERE `id` = 'estonia-office';--> statement-breakpoint
UPDATE `offices` SET `time_zone` = 'Europe/Sofia' WHERE `id` = 'bulgaria-office';
