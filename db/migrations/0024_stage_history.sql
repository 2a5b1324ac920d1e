CREATE TABLE `arrival_sources` (
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`page` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_term` text,
	`utm_content` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `arrival_sources_item_unique` ON `arrival_sources` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `arrival_sources_created_idx` ON `arrival_sources` (`entity`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`person_id` text,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor` text DEFAULT 'staff' NOT NULL,
	`staff_id` text,
	`note` text,
	`approximate` integer DEFAULT false NOT NULL,
	`cohort_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_status_changes`("id", "entity", "entity_id", "person_id", "from_status", "to_status", "actor", "staff_id", "note", "approximate", "cohort_at", "created_at", "updated_at") SELECT "id", "entity", "entity_id", NULL, "from_status", "to_status", 'staff', "staff_id", "note", 0, NULL, "created_at", "updated_at" FROM `status_changes`;--> statement-breakpoint
DROP TABLE `status_changes`;--> statement-breakpoint
ALTER TABLE `__new_status_changes` RENAME TO `status_changes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `status_changes_entity_idx` ON `status_changes` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `status_changes_stage_idx` ON `status_changes` (`entity`,`to_status`,`created_at`,`entity_id`);--> statement-breakpoint
CREATE INDEX `status_changes_cohort_idx` ON `status_changes` (`entity`,`to_status`,`cohort_at`,`person_id`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `job_applications_created_idx` ON `job_applications` (`created_at`,`job_id`,`status`);--> statement-breakpoint
CREATE INDEX `partner_requests_created_idx` ON `partner_requests` (`created_at`,`partner_id`,`status`);--> statement-breakpoint
CREATE INDEX `payments_paid_idx` ON `payments` (`status`,`paid_at`);
--> statement-breakpoint
-- Back-fill of the history from what was stored before it. The staff moves already recorded keep their
-- exact times and gain the person they belong to; each item gains the row of its entry into its first
-- stage at its created_at (exact); an item whose later stages were never recorded (seeded, imported, or
-- moved before the history existed) gains one row per stage of its pipeline's path up to where it is
-- now, at its updated_at (a millisecond apart, in the path's order) and marked approximate. A consultation's cancellation keeps its cancelled_at;
-- a job application's forwarding its forwarded_at.
UPDATE `status_changes` SET `person_id` = (SELECT `user_id` FROM `subscriptions` s WHERE s.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'subscription';--> statement-breakpoint
UPDATE `status_changes` SET `person_id` = (SELECT `applicant_id` FROM `job_applications` j WHERE j.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'job_application';--> statement-breakpoint
UPDATE `status_changes` SET `person_id` = (SELECT `partner_id` FROM `partner_requests` r WHERE r.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'partner_request';--> statement-breakpoint
UPDATE `status_changes` SET `person_id` = `entity_id` WHERE `entity` = 'partner';--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'subscription', `id`, `user_id`, NULL, 'submitted', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `subscriptions`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'subscription', s.`id`, s.`user_id`, p.`f`, p.`t`, 'staff', NULL, NULL, 1, s.`updated_at` + p.`o`, s.`updated_at`
  FROM `subscriptions` s JOIN (SELECT 'submitted' AS `f`, 'in_review' AS `t`, 1 AS `o` UNION ALL SELECT 'in_review', 'offer', 2 UNION ALL SELECT 'offer', 'enrolled', 3 UNION ALL SELECT 'submitted', 'declined', 9) p
  ON p.`o` = 9 AND s.`status` = 'declined' OR p.`o` < 9 AND p.`o` <= (CASE s.`status` WHEN 'in_review' THEN 1 WHEN 'offer' THEN 2 WHEN 'enrolled' THEN 3 ELSE 0 END)
  WHERE NOT EXISTS (SELECT 1 FROM `status_changes` c WHERE c.`entity` = 'subscription' AND c.`entity_id` = s.`id` AND c.`from_status` IS NOT NULL);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'job_application', `id`, `applicant_id`, NULL, 'received', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `job_applications`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'job_application', `id`, `applicant_id`, NULL, 'forwarded', 'system', NULL, NULL, 0, `forwarded_at`, `forwarded_at` FROM `job_applications` WHERE `forwarded_at` IS NOT NULL;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'job_application', j.`id`, j.`applicant_id`, p.`f`, p.`t`, 'staff', NULL, NULL, 1, j.`updated_at` + p.`o`, j.`updated_at`
  FROM `job_applications` j JOIN (SELECT 'received' AS `f`, 'shortlisted' AS `t`, 1 AS `o` UNION ALL SELECT 'shortlisted', 'interview', 2 UNION ALL SELECT 'interview', 'offer', 3 UNION ALL SELECT 'received', 'rejected', 9) p
  ON p.`o` = 9 AND j.`status` = 'rejected' OR p.`o` < 9 AND p.`o` <= (CASE j.`status` WHEN 'shortlisted' THEN 1 WHEN 'interview' THEN 2 WHEN 'offer' THEN 3 ELSE 0 END)
  WHERE NOT EXISTS (SELECT 1 FROM `status_changes` c WHERE c.`entity` = 'job_application' AND c.`entity_id` = j.`id` AND c.`from_status` IS NOT NULL);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'partner_request', `id`, `partner_id`, NULL, 'submitted', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `partner_requests`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'partner_request', r.`id`, r.`partner_id`, p.`f`, p.`t`, 'staff', NULL, NULL, 1, r.`updated_at` + p.`o`, r.`updated_at`
  FROM `partner_requests` r JOIN (SELECT 'submitted' AS `f`, 'in_review' AS `t`, 1 AS `o` UNION ALL SELECT 'in_review', 'approved', 2 UNION ALL SELECT 'submitted', 'declined', 9) p
  ON p.`o` = 9 AND r.`status` = 'declined' OR p.`o` < 9 AND p.`o` <= (CASE r.`status` WHEN 'in_review' THEN 1 WHEN 'approved' THEN 2 ELSE 0 END)
  WHERE NOT EXISTS (SELECT 1 FROM `status_changes` c WHERE c.`entity` = 'partner_request' AND c.`entity_id` = r.`id` AND c.`from_status` IS NOT NULL);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'partner', `id`, `id`, NULL, 'pending', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `partners`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'partner', `id`, `id`, 'pending', `approval_status`, 'staff', NULL, NULL, 1, `updated_at`, `updated_at` FROM `partners` p
  WHERE `approval_status` <> 'pending' AND NOT EXISTS (SELECT 1 FROM `status_changes` c WHERE c.`entity` = 'partner' AND c.`entity_id` = p.`id` AND c.`from_status` IS NOT NULL);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'student', `id`, `id`, NULL, 'registered', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `users`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'student', `id`, `id`, 'registered', 'profile_complete', 'person', NULL, NULL, 1, `updated_at`, `updated_at` FROM `users` WHERE `is_verified` = 1;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'contact_message', `id`, NULL, NULL, 'unread', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `contact_messages`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'contact_message', m.`id`, NULL, p.`f`, p.`t`, 'staff', NULL, NULL, 1, m.`updated_at` + p.`o`, m.`updated_at`
  FROM `contact_messages` m JOIN (SELECT 'unread' AS `f`, 'read' AS `t`, 1 AS `o` UNION ALL SELECT 'read', 'handled', 2) p
  ON p.`o` <= (CASE m.`status` WHEN 'read' THEN 1 WHEN 'handled' THEN 2 ELSE 0 END);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'assistance_request', `id`, NULL, NULL, 'unread', 'person', NULL, NULL, 0, `created_at`, `created_at` FROM `assistance_requests`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'assistance_request', m.`id`, NULL, p.`f`, p.`t`, 'staff', NULL, NULL, 1, m.`updated_at` + p.`o`, m.`updated_at`
  FROM `assistance_requests` m JOIN (SELECT 'unread' AS `f`, 'read' AS `t`, 1 AS `o` UNION ALL SELECT 'read', 'handled', 2) p
  ON p.`o` <= (CASE m.`status` WHEN 'read' THEN 1 WHEN 'handled' THEN 2 ELSE 0 END);--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'consultation', `id`, NULL, NULL, 'booked', CASE WHEN `booked_by_staff_id` IS NULL THEN 'person' ELSE 'staff' END, `booked_by_staff_id`, NULL, 0, `created_at`, `created_at` FROM `consultations`;--> statement-breakpoint
INSERT INTO `status_changes` (`id`, `entity`, `entity_id`, `person_id`, `from_status`, `to_status`, `actor`, `staff_id`, `note`, `approximate`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(16))), 'consultation', `id`, NULL, 'booked', `status`, 'staff', NULL, NULL, CASE WHEN `status` = 'cancelled' AND `cancelled_at` IS NOT NULL THEN 0 ELSE 1 END,
  CASE WHEN `status` = 'cancelled' AND `cancelled_at` IS NOT NULL THEN `cancelled_at` ELSE `updated_at` END, `updated_at` FROM `consultations` WHERE `status` <> 'booked';--> statement-breakpoint
-- When each row's unit entered its funnel (cohort_at): a student's registration for the student's
-- own rows and their applications', an application's or request's entry for its rows, any other
-- item's creation for its.
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `users` u WHERE u.`id` = `status_changes`.`person_id`) WHERE `entity` IN ('student', 'subscription');--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `job_applications` j WHERE j.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'job_application';--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `partner_requests` r WHERE r.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'partner_request';--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `partners` p WHERE p.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'partner';--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `contact_messages` m WHERE m.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'contact_message';--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `assistance_requests` a WHERE a.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'assistance_request';--> statement-breakpoint
UPDATE `status_changes` SET `cohort_at` = (SELECT `created_at` FROM `consultations` c WHERE c.`id` = `status_changes`.`entity_id`) WHERE `entity` = 'consultation';
