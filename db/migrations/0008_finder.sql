CREATE TABLE `city_costs` (
	`id` text PRIMARY KEY NOT NULL,
	`country_id` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`living_monthly_minor` integer NOT NULL,
	`source` text NOT NULL,
	`verified_on` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`country_id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `city_costs_country_idx` ON `city_costs` (`country_id`,`name`);--> statement-breakpoint
CREATE TABLE `country_costs` (
	`id` text PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`living_monthly_minor` integer NOT NULL,
	`living_source` text NOT NULL,
	`living_verified_on` text NOT NULL,
	`visa_name` text NOT NULL,
	`visa_fee_minor` integer NOT NULL,
	`visa_source` text NOT NULL,
	`visa_verified_on` text NOT NULL,
	`health_name` text,
	`health_annual_minor` integer,
	`health_extra_months_long` integer,
	`health_extra_months_short` integer,
	`health_source` text,
	`health_verified_on` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`units_per_usd` text NOT NULL,
	`as_of` text NOT NULL,
	`source` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `saved_programs` (
	`user_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `subject_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_programs_user_idx` ON `saved_programs` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `subjects` ADD `fees_verified_on` text;--> statement-breakpoint
ALTER TABLE `subjects` ADD `duration_months` integer;--> statement-breakpoint
ALTER TABLE `subjects` ADD `intake_months` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subjects` ADD `next_intake` integer;--> statement-breakpoint
CREATE INDEX `subjects_finder_idx` ON `subjects` (`is_active`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`,`currency`,`base_price`,`next_intake`,`sort_order`,`name`);--> statement-breakpoint
CREATE INDEX `subjects_finder_order_idx` ON `subjects` (`is_active`,`sort_order`,`name`,`country_id`,`department_id`,`degree_type`,`intake_months`,`duration_months`,`currency`,`base_price`);--> statement-breakpoint
-- The finder's columns (db/schema/catalog.ts finderSql), derived from each subject's duration and
-- study plan by triggers, so every writer (seed, back office, scripts) keeps them in step.
UPDATE `subjects` SET
  `duration_months` = case when lower(duration) like '%month%' then cast(round(cast(duration as real)) as integer) when lower(duration) like '%year%' then cast(round(cast(duration as real) * 12) as integer) when lower(duration) like '%week%' then cast(round(cast(duration as real) * 12 / 52) as integer) end,
  `intake_months` = (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jan') > 0) * 1 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"feb') > 0) * 2 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"mar') > 0) * 4 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"apr') > 0) * 8 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"may') > 0) * 16 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jun') > 0) * 32 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jul') > 0) * 64 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"aug') > 0) * 128 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"sep') > 0) * 256 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"oct') > 0) * 512 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"nov') > 0) * 1024 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"dec') > 0) * 2048,
  `next_intake` = case when instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) % 3 = 1 and cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) between 2000 and 2999 then cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) * 100 + (instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) + 2) / 3 end;
--> statement-breakpoint
CREATE TRIGGER `subjects_finder_ai` AFTER INSERT ON `subjects` BEGIN
  UPDATE `subjects` SET
  `duration_months` = case when lower(duration) like '%month%' then cast(round(cast(duration as real)) as integer) when lower(duration) like '%year%' then cast(round(cast(duration as real) * 12) as integer) when lower(duration) like '%week%' then cast(round(cast(duration as real) * 12 / 52) as integer) end,
  `intake_months` = (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jan') > 0) * 1 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"feb') > 0) * 2 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"mar') > 0) * 4 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"apr') > 0) * 8 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"may') > 0) * 16 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jun') > 0) * 32 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jul') > 0) * 64 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"aug') > 0) * 128 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"sep') > 0) * 256 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"oct') > 0) * 512 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"nov') > 0) * 1024 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"dec') > 0) * 2048,
  `next_intake` = case when instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) % 3 = 1 and cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) between 2000 and 2999 then cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) * 100 + (instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) + 2) / 3 end
  WHERE rowid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `subjects_finder_au` AFTER UPDATE OF `duration`, `study_plan` ON `subjects` BEGIN
  UPDATE `subjects` SET
  `duration_months` = case when lower(duration) like '%month%' then cast(round(cast(duration as real)) as integer) when lower(duration) like '%year%' then cast(round(cast(duration as real) * 12) as integer) when lower(duration) like '%week%' then cast(round(cast(duration as real) * 12 / 52) as integer) end,
  `intake_months` = (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jan') > 0) * 1 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"feb') > 0) * 2 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"mar') > 0) * 4 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"apr') > 0) * 8 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"may') > 0) * 16 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jun') > 0) * 32 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"jul') > 0) * 64 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"aug') > 0) * 128 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"sep') > 0) * 256 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"oct') > 0) * 512 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"nov') > 0) * 1024 + (instr('"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), '')), '"dec') > 0) * 2048,
  `next_intake` = case when instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) % 3 = 1 and cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) between 2000 and 2999 then cast(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), -4) as integer) * 100 + (instr('janfebmaraprmayjunjulaugsepoctnovdec', lower(substr(trim(coalesce(json_extract(study_plan, '$.intake'), '')), 1, 3))) + 2) / 3 end
  WHERE rowid = new.rowid;
END;
