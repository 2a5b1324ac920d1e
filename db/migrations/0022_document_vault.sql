-- A person's documents (the vault): user_id may be null (a CV a job seeker uploaded), and each
-- document of a student already part of a person is that person's.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`person_id` text,
	`document_type` text NOT NULL,
	`object_key` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_documents`("id", "user_id", "person_id", "document_type", "object_key", "original_name", "content_type", "size", "created_at", "updated_at") SELECT "id", "user_id", (SELECT "person_id" FROM `users` WHERE `users`."id" = `documents`."user_id"), "document_type", "object_key", "original_name", "content_type", "size", "created_at", "updated_at" FROM `documents`;--> statement-breakpoint
DROP TABLE `documents`;--> statement-breakpoint
ALTER TABLE `__new_documents` RENAME TO `documents`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `documents_user_idx` ON `documents` (`user_id`);--> statement-breakpoint
CREATE INDEX `documents_person_idx` ON `documents` (`person_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_object_key_idx` ON `documents` (`object_key`);--> statement-breakpoint
ALTER TABLE `job_applications` ADD `document_id` text;