CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`color` text,
	`format` text NOT NULL,
	`bytes` integer NOT NULL,
	`variant_bytes` text NOT NULL,
	`source_url` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `images_source_url_idx` ON `images` (`source_url`);--> statement-breakpoint
ALTER TABLE `countries` ADD `flag_alt` text;--> statement-breakpoint
ALTER TABLE `countries` ADD `image_alt` text;--> statement-breakpoint
ALTER TABLE `departments` ADD `image_url_alt` text;--> statement-breakpoint
ALTER TABLE `subjects` ADD `image_alt` text;--> statement-breakpoint
ALTER TABLE `subjects` ADD `logo_alt` text;--> statement-breakpoint
ALTER TABLE `subjects` ADD `universityimage_alt` text;--> statement-breakpoint
ALTER TABLE `universities` ADD `logo_alt` text;--> statement-breakpoint
ALTER TABLE `universities` ADD `image_alt` text;--> statement-breakpoint
ALTER TABLE `features` ADD `image_alt` text;--> statement-breakpoint
ALTER TABLE `team_members` ADD `image_alt` text;