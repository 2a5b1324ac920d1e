-- Full-text index over subject names and descriptions for the header search and /search.
-- The trigram tokenizer matches any substring of 3+ characters, case-insensitively, which is the
-- spec's "case-insensitive substring match", without scanning the whole table.
CREATE VIRTUAL TABLE `subjects_fts` USING fts5(`name`, `description`, content='subjects', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `subjects_fts`(`rowid`, `name`, `description`) SELECT `rowid`, `name`, `description` FROM `subjects`;
--> statement-breakpoint
CREATE TRIGGER `subjects_fts_ai` AFTER INSERT ON `subjects` BEGIN
  INSERT INTO `subjects_fts`(`rowid`, `name`, `description`) VALUES (new.`rowid`, new.`name`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_fts_ad` AFTER DELETE ON `subjects` BEGIN
  INSERT INTO `subjects_fts`(`subjects_fts`, `rowid`, `name`, `description`) VALUES ('delete', old.`rowid`, old.`name`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_fts_au` AFTER UPDATE OF `name`, `description` ON `subjects` BEGIN
  INSERT INTO `subjects_fts`(`subjects_fts`, `rowid`, `name`, `description`) VALUES ('delete', old.`rowid`, old.`name`, old.`description`);
  INSERT INTO `subjects_fts`(`rowid`, `name`, `description`) VALUES (new.`rowid`, new.`name`, new.`description`);
END;
