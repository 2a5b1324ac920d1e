DROP INDEX `jobs_status_idx`;--> statement-breakpoint
DROP INDEX `jobs_category_idx`;--> statement-breakpoint
CREATE INDEX `jobs_category_lower_idx` ON `jobs` (`status`,lower("category"),`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_category_idx` ON `jobs` (`status`,`category`);--> statement-breakpoint
CREATE INDEX `subjects_search_idx` ON `subjects` (`is_active`,`sort_order`,`name`);
--> statement-breakpoint
-- Full-text index over the four columns the job list searches (title, company, location,
-- description), as 0001 does for subjects: trigram, so any substring of 3+ characters matches
-- case-insensitively without scanning the table. External content: the text lives once, in `jobs`;
-- the triggers below keep the index in step with every insert, edit and delete (seed, back office,
-- partner requests, the scale generator's `wrangler d1 execute --file`).
CREATE VIRTUAL TABLE `jobs_fts` USING fts5(`title`, `company`, `location`, `description`, content='jobs', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `jobs_fts`(`rowid`, `title`, `company`, `location`, `description`) SELECT `rowid`, `title`, `company`, `location`, `description` FROM `jobs`;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ai` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `jobs_fts`(`rowid`, `title`, `company`, `location`, `description`) VALUES (new.`rowid`, new.`title`, new.`company`, new.`location`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ad` AFTER DELETE ON `jobs` BEGIN
  INSERT INTO `jobs_fts`(`jobs_fts`, `rowid`, `title`, `company`, `location`, `description`) VALUES ('delete', old.`rowid`, old.`title`, old.`company`, old.`location`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_au` AFTER UPDATE OF `title`, `company`, `location`, `description` ON `jobs` BEGIN
  INSERT INTO `jobs_fts`(`jobs_fts`, `rowid`, `title`, `company`, `location`, `description`) VALUES ('delete', old.`rowid`, old.`title`, old.`company`, old.`location`, old.`description`);
  INSERT INTO `jobs_fts`(`rowid`, `title`, `company`, `location`, `description`) VALUES (new.`rowid`, new.`title`, new.`company`, new.`location`, new.`description`);
END;
