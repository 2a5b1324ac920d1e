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
CREATE INDEX `images_source_url_idx` ON `images` (`source_url`);