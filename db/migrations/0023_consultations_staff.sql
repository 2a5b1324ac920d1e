ALTER TABLE `consultations` ADD `moved_at` integer;--> statement-breakpoint
ALTER TABLE `consultations` ADD `recorded_at` integer;--> statement-breakpoint
CREATE INDEX `consultations_end_idx` ON `consultations` (`end_at`);--> statement-breakpoint
ALTER TABLE `counsellors` ADD `editors_may_edit` integer DEFAULT false NOT NULL;