-- Short searches ("AI", "IT", "UX") must match descriptions too (spec 1 section 4, issue 16 item 5).
-- The trigram index (0001) answers only substrings of 3+ characters, and a LIKE '%ai%' over every
-- description would read the whole catalogue per keystroke (~1 KB of text a subject) and match
-- inside words ("said", "training"). This word index answers a 1-2 character query as a whole
-- word of a description, case-insensitively, from the index alone. External content like 0001:
-- the text lives once, in `subjects`; the triggers keep the index in step with every write.
CREATE VIRTUAL TABLE `subjects_words` USING fts5(`description`, content='subjects', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `subjects_words`(`rowid`, `description`) SELECT `rowid`, `description` FROM `subjects`;
--> statement-breakpoint
CREATE TRIGGER `subjects_words_ai` AFTER INSERT ON `subjects` BEGIN
  INSERT INTO `subjects_words`(`rowid`, `description`) VALUES (new.`rowid`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_words_ad` AFTER DELETE ON `subjects` BEGIN
  INSERT INTO `subjects_words`(`subjects_words`, `rowid`, `description`) VALUES ('delete', old.`rowid`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_words_au` AFTER UPDATE OF `description` ON `subjects` BEGIN
  INSERT INTO `subjects_words`(`subjects_words`, `rowid`, `description`) VALUES ('delete', old.`rowid`, old.`description`);
  INSERT INTO `subjects_words`(`rowid`, `description`) VALUES (new.`rowid`, new.`description`);
END;
