CREATE TABLE `finder_cube` (
	`country_id` text NOT NULL,
	`department_id` text NOT NULL,
	`degree_type` text NOT NULL,
	`intake_months` integer NOT NULL,
	`duration_months` integer,
	`n` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `finder_cube_cell_idx` ON `finder_cube` (`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`);--> statement-breakpoint
DROP INDEX `subjects_finder_idx`;--> statement-breakpoint
DROP INDEX `subjects_finder_order_idx`;--> statement-breakpoint
ALTER TABLE `subjects` ADD `fee_usd` real;--> statement-breakpoint
CREATE INDEX `subjects_cube_idx` ON `subjects` (`is_active`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`,`fee_usd`);--> statement-breakpoint
CREATE INDEX `subjects_fee_order_idx` ON `subjects` (`is_active`,"fee_usd" is null,`fee_usd`,`sort_order`,`name`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`);--> statement-breakpoint
CREATE INDEX `subjects_finder_idx` ON `subjects` (`is_active`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`,`fee_usd`,`next_intake`,`sort_order`,`name`);--> statement-breakpoint
CREATE INDEX `subjects_finder_order_idx` ON `subjects` (`is_active`,`sort_order`,`name`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`,`fee_usd`);--> statement-breakpoint
-- The finder's fee sort key (db/schema/catalog.ts feeUsd): tuition in US dollars at the active rate,
-- null without a price or a rate (a malformed rate divides by zero: null too). Kept by triggers on
-- both tables, so the back office, the seed, scripts and the daily exchange-rates job all keep it.
UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1);
--> statement-breakpoint
CREATE TRIGGER `subjects_fee_ai` AFTER INSERT ON `subjects` BEGIN
  UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_fee_au` AFTER UPDATE OF `base_price`, `currency` ON `subjects` BEGIN
  UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1) WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `exchange_rates_fee_ai` AFTER INSERT ON `exchange_rates` BEGIN
  UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1) WHERE `currency` = new.`id`;
END;
--> statement-breakpoint
-- (The daily job rewrites every rate: only a changed one reprices its programs.)
CREATE TRIGGER `exchange_rates_fee_au` AFTER UPDATE ON `exchange_rates`
WHEN old.`id` IS NOT new.`id` OR old.`units_per_usd` IS NOT new.`units_per_usd` OR old.`is_active` IS NOT new.`is_active` BEGIN
  UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1) WHERE `currency` IN (old.`id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `exchange_rates_fee_ad` AFTER DELETE ON `exchange_rates` BEGIN
  UPDATE `subjects` SET `fee_usd` = `base_price` / (SELECT cast(`units_per_usd` as real) FROM `exchange_rates` x WHERE x.`id` = `subjects`.`currency` AND x.`is_active` = 1) WHERE `currency` = old.`id`;
END;
--> statement-breakpoint
-- The facet cube (db/schema/finder.ts finderCube). Each trigger recounts the cells a subject left
-- and entered from subjects_cube_idx (an index seek over one cell's programs) instead of adding
-- and subtracting one: a recount is right whatever order SQLite fires this and 0008's
-- subjects_finder_ai in (that one's UPDATE moves a new subject to its real months, firing _au here).
INSERT INTO `finder_cube` SELECT `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`, count(*) FROM `subjects` WHERE `is_active` = 1 GROUP BY `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`;
--> statement-breakpoint
CREATE TRIGGER `subjects_cube_ai` AFTER INSERT ON `subjects` BEGIN
  DELETE FROM `finder_cube` WHERE `country_id` = new.`country_id` AND `department_id` = new.`department_id` AND `degree_type` = new.`degree_type` AND `intake_months` = new.`intake_months` AND `duration_months` IS new.`duration_months`;
  INSERT INTO `finder_cube` SELECT `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`, count(*) FROM `subjects` INDEXED BY `subjects_cube_idx`
    WHERE `is_active` = 1 AND `country_id` = new.`country_id` AND `department_id` = new.`department_id` AND `degree_type` = new.`degree_type` AND `intake_months` = new.`intake_months` AND `duration_months` IS new.`duration_months` GROUP BY `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`;
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_cube_ad` AFTER DELETE ON `subjects` BEGIN
  DELETE FROM `finder_cube` WHERE `country_id` = old.`country_id` AND `department_id` = old.`department_id` AND `degree_type` = old.`degree_type` AND `intake_months` = old.`intake_months` AND `duration_months` IS old.`duration_months`;
  INSERT INTO `finder_cube` SELECT `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`, count(*) FROM `subjects` INDEXED BY `subjects_cube_idx`
    WHERE `is_active` = 1 AND `country_id` = old.`country_id` AND `department_id` = old.`department_id` AND `degree_type` = old.`degree_type` AND `intake_months` = old.`intake_months` AND `duration_months` IS old.`duration_months` GROUP BY `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`;
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_cube_au` AFTER UPDATE OF `is_active`, `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months` ON `subjects` BEGIN
  DELETE FROM `finder_cube` WHERE `country_id` = old.`country_id` AND `department_id` = old.`department_id` AND `degree_type` = old.`degree_type` AND `intake_months` = old.`intake_months` AND `duration_months` IS old.`duration_months`;
  INSERT INTO `finder_cube` SELECT `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`, count(*) FROM `subjects` INDEXED BY `subjects_cube_idx`
    WHERE `is_active` = 1 AND `country_id` = old.`country_id` AND `department_id` = old.`department_id` AND `degree_type` = old.`degree_type` AND `intake_months` = old.`intake_months` AND `duration_months` IS old.`duration_months` GROUP BY `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`;
  DELETE FROM `finder_cube` WHERE `country_id` = new.`country_id` AND `department_id` = new.`department_id` AND `degree_type` = new.`degree_type` AND `intake_months` = new.`intake_months` AND `duration_months` IS new.`duration_months`;
  INSERT INTO `finder_cube` SELECT `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`, count(*) FROM `subjects` INDEXED BY `subjects_cube_idx`
    WHERE `is_active` = 1 AND `country_id` = new.`country_id` AND `department_id` = new.`department_id` AND `degree_type` = new.`degree_type` AND `intake_months` = new.`intake_months` AND `duration_months` IS new.`duration_months` GROUP BY `country_id`, `department_id`, `degree_type`, `intake_months`, `duration_months`;
END;
