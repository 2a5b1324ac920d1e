-- The history's person_id never held a person (people.id): it holds the role account the item
-- belongs to (a student's users id, a job applicant's, a partner's). The code calls it ownerId; the
-- column keeps its name, since the release before this one reads it (a rename is a drop and an add
-- for a Worker still running that release: scripts/lib/migration-safety.ts).
DROP INDEX IF EXISTS `status_changes_cohort_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `status_changes_entity_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `status_changes_stage_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `arrival_sources_created_idx`;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `target_id` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `first_arrival` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `utm_source` text;--> statement-breakpoint
-- What each application is for (its program or job), from the application itself.
UPDATE `status_changes` SET `target_id` = (SELECT s.`subject_id` FROM `subscriptions` s WHERE s.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'subscription';--> statement-breakpoint
UPDATE `status_changes` SET `target_id` = (SELECT j.`job_id` FROM `job_applications` j WHERE j.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'job_application';--> statement-breakpoint
-- The campaign each student arrived from, on their rows and their applications'.
UPDATE `status_changes` SET `utm_source` = (SELECT a.`utm_source` FROM `arrival_sources` a WHERE a.`entity` = 'student' AND a.`entity_id` = `status_changes`.`person_id`) WHERE `entity` IN ('student', 'subscription');--> statement-breakpoint
-- The first arrival of each funnel unit (a program application's student, any other item itself) at
-- each stage: the earliest row by created_at, then id, as the triggers below keep it.
UPDATE `status_changes` SET `first_arrival` = 1 WHERE `id` IN (
  SELECT `id` FROM (
    SELECT `id`, row_number() OVER (
      PARTITION BY `entity`, CASE WHEN `entity` = 'subscription' THEN `person_id` ELSE `entity_id` END, `to_status`
      ORDER BY `created_at`, `id`
    ) AS `r`
    FROM `status_changes` WHERE `entity` <> 'subscription' OR `person_id` IS NOT NULL
  ) WHERE `r` = 1
);--> statement-breakpoint
CREATE INDEX `status_changes_entity_idx` ON `status_changes` (`entity`,`entity_id`,`to_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `status_changes_stage_idx` ON `status_changes` (`entity`,`to_status`,`created_at`,`entity_id`,`person_id`,`utm_source`);--> statement-breakpoint
CREATE INDEX `status_changes_cohort_idx` ON `status_changes` (`entity`,`to_status`,`first_arrival`,`cohort_at`,`created_at`,`person_id`,`utm_source`);--> statement-breakpoint
CREATE INDEX `status_changes_owner_idx` ON `status_changes` (`entity`,`person_id`,`to_status`,`first_arrival`,`cohort_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `status_changes_target_idx` ON `status_changes` (`entity`,`to_status`,`target_id`,`created_at`,`cohort_at`,`person_id`,`first_arrival`,`utm_source`);--> statement-breakpoint
CREATE INDEX `arrival_sources_created_idx` ON `arrival_sources` (`entity`,`created_at`,`utm_source`,`utm_medium`,`utm_campaign`,`page`);--> statement-breakpoint
CREATE INDEX `arrival_sources_source_idx` ON `arrival_sources` (`entity`,`utm_source`,`entity_id`);--> statement-breakpoint
-- The triggers run inside the statement that writes, moves or deletes a history row, whichever code
-- writes it, so a row is never seen without its target or with a stale first arrival. Each one
-- re-decides the first arrival of the row's group (one student's or one item's rows at one stage, a
-- handful, read from the owner or item index) and rewrites only the rows whose flag changes: a row
-- written late with an earlier time takes the flag from the one that had it; deleting the first
-- hands it on. (`+f.created_at`: the group is sorted, never found by walking a whole stage in time
-- order through the stage index.)
CREATE TRIGGER `status_changes_ai` AFTER INSERT ON `status_changes` BEGIN
  UPDATE `status_changes` SET `utm_source` = (SELECT a.`utm_source` FROM `arrival_sources` a WHERE a.`entity` = 'student' AND a.`entity_id` = new.`person_id`)
    WHERE rowid = new.rowid AND new.`utm_source` IS NULL AND new.`entity` IN ('student', 'subscription');
  UPDATE `status_changes` SET `target_id` = CASE new.`entity`
      WHEN 'subscription' THEN (SELECT s.`subject_id` FROM `subscriptions` s WHERE s.`id` = new.`entity_id`)
      ELSE (SELECT j.`job_id` FROM `job_applications` j WHERE j.`id` = new.`entity_id`) END
    WHERE rowid = new.rowid AND new.`target_id` IS NULL AND new.`entity` IN ('subscription', 'job_application');
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`person_id` = new.`person_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE new.`entity` = 'subscription' AND `entity` = new.`entity` AND `person_id` = new.`person_id` AND `to_status` = new.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`person_id` = new.`person_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`entity_id` = new.`entity_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE new.`entity` <> 'subscription' AND `entity` = new.`entity` AND `entity_id` = new.`entity_id` AND `to_status` = new.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`entity_id` = new.`entity_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
END;--> statement-breakpoint
CREATE TRIGGER `status_changes_ad` AFTER DELETE ON `status_changes` BEGIN
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`person_id` = old.`person_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE old.`entity` = 'subscription' AND `entity` = old.`entity` AND `person_id` = old.`person_id` AND `to_status` = old.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`person_id` = old.`person_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`entity_id` = old.`entity_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE old.`entity` <> 'subscription' AND `entity` = old.`entity` AND `entity_id` = old.`entity_id` AND `to_status` = old.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`entity_id` = old.`entity_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
END;--> statement-breakpoint
-- A row moved to another group or time (a back-fill correcting an owner or a time): both its old
-- group and its new one are re-decided. Writing the flag itself is not such a change.
CREATE TRIGGER `status_changes_au` AFTER UPDATE OF `entity`, `entity_id`, `person_id`, `to_status`, `created_at` ON `status_changes` BEGIN
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`person_id` = old.`person_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE old.`entity` = 'subscription' AND `entity` = old.`entity` AND `person_id` = old.`person_id` AND `to_status` = old.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`person_id` = old.`person_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`entity_id` = old.`entity_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE old.`entity` <> 'subscription' AND `entity` = old.`entity` AND `entity_id` = old.`entity_id` AND `to_status` = old.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = old.`entity` AND f.`entity_id` = old.`entity_id` AND f.`to_status` = old.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`person_id` = new.`person_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE new.`entity` = 'subscription' AND `entity` = new.`entity` AND `person_id` = new.`person_id` AND `to_status` = new.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`person_id` = new.`person_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
  UPDATE `status_changes` SET `first_arrival` = (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`entity_id` = new.`entity_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1))
    WHERE new.`entity` <> 'subscription' AND `entity` = new.`entity` AND `entity_id` = new.`entity_id` AND `to_status` = new.`to_status`
      AND `first_arrival` <> (`id` = (SELECT f.`id` FROM `status_changes` f
      WHERE f.`entity` = new.`entity` AND f.`entity_id` = new.`entity_id` AND f.`to_status` = new.`to_status` ORDER BY +f.`created_at`, f.`id` LIMIT 1));
END;--> statement-breakpoint
-- A student's arrival is stored once the registration is verified, after their first rows: it is
-- copied onto every row of theirs as it is written, changed or removed (one statement per entity,
-- each an equality on the owner index: the planner without statistics takes it).
CREATE TRIGGER `arrival_sources_ai` AFTER INSERT ON `arrival_sources` WHEN new.`entity` = 'student' BEGIN
  UPDATE `status_changes` SET `utm_source` = new.`utm_source` WHERE `entity` = 'student' AND `person_id` = new.`entity_id`;
  UPDATE `status_changes` SET `utm_source` = new.`utm_source` WHERE `entity` = 'subscription' AND `person_id` = new.`entity_id`;
END;--> statement-breakpoint
CREATE TRIGGER `arrival_sources_au` AFTER UPDATE OF `entity`, `entity_id`, `utm_source` ON `arrival_sources` BEGIN
  UPDATE `status_changes` SET `utm_source` = NULL WHERE old.`entity` = 'student' AND `entity` = 'student' AND `person_id` = old.`entity_id`;
  UPDATE `status_changes` SET `utm_source` = NULL WHERE old.`entity` = 'student' AND `entity` = 'subscription' AND `person_id` = old.`entity_id`;
  UPDATE `status_changes` SET `utm_source` = new.`utm_source` WHERE new.`entity` = 'student' AND `entity` = 'student' AND `person_id` = new.`entity_id`;
  UPDATE `status_changes` SET `utm_source` = new.`utm_source` WHERE new.`entity` = 'student' AND `entity` = 'subscription' AND `person_id` = new.`entity_id`;
END;--> statement-breakpoint
CREATE TRIGGER `arrival_sources_ad` AFTER DELETE ON `arrival_sources` WHEN old.`entity` = 'student' BEGIN
  UPDATE `status_changes` SET `utm_source` = NULL WHERE `entity` = 'student' AND `person_id` = old.`entity_id`;
  UPDATE `status_changes` SET `utm_source` = NULL WHERE `entity` = 'subscription' AND `person_id` = old.`entity_id`;
END;
