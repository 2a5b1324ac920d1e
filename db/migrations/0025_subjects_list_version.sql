CREATE TABLE `derived_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: the stored copy of GET /api/subjects (functions/services/catalogue/subjects-copy.ts)
-- is named by this version, raised in the statement's own transaction by every change to the rows
-- the list is made of: any subject, and a university's name (each subject carries it).
INSERT INTO `derived_versions` (`name`, `version`) VALUES ('subjects-list', 0);
--> statement-breakpoint
CREATE TRIGGER `subjects_list_insert` AFTER INSERT ON `subjects`
BEGIN UPDATE `derived_versions` SET `version` = `version` + 1 WHERE `name` = 'subjects-list'; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_list_update` AFTER UPDATE ON `subjects`
BEGIN UPDATE `derived_versions` SET `version` = `version` + 1 WHERE `name` = 'subjects-list'; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_list_delete` AFTER DELETE ON `subjects`
BEGIN UPDATE `derived_versions` SET `version` = `version` + 1 WHERE `name` = 'subjects-list'; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_list_university_name` AFTER UPDATE OF `name` ON `universities`
BEGIN UPDATE `derived_versions` SET `version` = `version` + 1 WHERE `name` = 'subjects-list'; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_list_university_delete` AFTER DELETE ON `universities`
BEGIN UPDATE `derived_versions` SET `version` = `version` + 1 WHERE `name` = 'subjects-list'; END;
