CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `publish_events` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `publish_events` ADD `detail` text;--> statement-breakpoint
ALTER TABLE `publish_events` ADD `content_version` integer;--> statement-breakpoint
ALTER TABLE `publish_events` ADD `commit` text;--> statement-breakpoint
CREATE INDEX `publish_kind_created_idx` ON `publish_events` (`kind`,`created_at`);--> statement-breakpoint
-- Hand-written: the content version starts at the number of content edits already made, and every
-- content.* audit entry (each content edit writes one in the same batch) adds one to it.
INSERT INTO `content_version` (`id`, `version`) SELECT 1, count(*) FROM `audit_log` WHERE `action` LIKE 'content.%';--> statement-breakpoint
CREATE TRIGGER `content_version_bump` AFTER INSERT ON `audit_log` WHEN NEW.`action` LIKE 'content.%'
BEGIN
  UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
