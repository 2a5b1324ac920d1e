CREATE TABLE `countries` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`flag` text NOT NULL,
	`image` text NOT NULL,
	`details` text NOT NULL,
	`capital` text NOT NULL,
	`about` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `countries_name_idx` ON `countries` (`name`);--> statement-breakpoint
CREATE TABLE `departments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`image_url` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `scholarships` (
	`id` text PRIMARY KEY NOT NULL,
	`university_id` text NOT NULL,
	`name` text NOT NULL,
	`amount` text NOT NULL,
	`eligibility` text NOT NULL,
	`deadline` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scholarships_university_idx` ON `scholarships` (`university_id`);--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`university_id` text NOT NULL,
	`department_id` text NOT NULL,
	`country_id` text NOT NULL,
	`location` text NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`degree_type` text NOT NULL,
	`duration` text NOT NULL,
	`students` integer DEFAULT 0 NOT NULL,
	`year` integer NOT NULL,
	`base_price` integer,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`image` text NOT NULL,
	`logo` text NOT NULL,
	`universityimage` text NOT NULL,
	`study_plan` text NOT NULL,
	`entry_requirements` text NOT NULL,
	`career_prospects` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`country_id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subjects_country_idx` ON `subjects` (`country_id`);--> statement-breakpoint
CREATE INDEX `subjects_university_idx` ON `subjects` (`university_id`);--> statement-breakpoint
CREATE INDEX `subjects_department_idx` ON `subjects` (`department_id`);--> statement-breakpoint
CREATE INDEX `subjects_order_idx` ON `subjects` (`sort_order`);--> statement-breakpoint
CREATE TABLE `universities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`country_id` text NOT NULL,
	`location` text NOT NULL,
	`logo` text NOT NULL,
	`image` text NOT NULL,
	`universitydetails` text NOT NULL,
	`scholarships` text NOT NULL,
	`website` text,
	`ranking` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`country_id`) REFERENCES `countries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `universities_country_idx` ON `universities` (`country_id`);--> statement-breakpoint
CREATE TABLE `content_blocks` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `employer_categories` (
	`name` text PRIMARY KEY NOT NULL,
	`sort_order` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `features` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`gradient_from` text DEFAULT '#00C9FF' NOT NULL,
	`gradient_to` text DEFAULT '#92FE9D' NOT NULL,
	`image` text NOT NULL,
	`icon` text NOT NULL,
	`learn_more_link` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `offices` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`city` text NOT NULL,
	`address` text NOT NULL,
	`phone` text,
	`email` text NOT NULL,
	`map_x` integer NOT NULL,
	`map_y` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`icon` text NOT NULL,
	`icon_bg` text NOT NULL,
	`link` text NOT NULL,
	`is_new` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `strategies` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`icon` text NOT NULL,
	`description` text NOT NULL,
	`extended_description` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`position` text NOT NULL,
	`image` text NOT NULL,
	`bio` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`document_type` text NOT NULL,
	`object_key` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_user_idx` ON `documents` (`user_id`);--> statement-breakpoint
CREATE TABLE `education_records` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`education_level` text NOT NULL,
	`institute_name` text NOT NULL,
	`program` text NOT NULL,
	`degree` text NOT NULL,
	`passing_year` text,
	`start_date` text,
	`expected_end_date` text,
	`country` text,
	`study_language` text,
	`gpa` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `education_user_idx` ON `education_records` (`user_id`);--> statement-breakpoint
CREATE TABLE `job_applicants` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`tokens_valid_after` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_applicants_email_unique` ON `job_applicants` (`email`);--> statement-breakpoint
CREATE TABLE `language_qualifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`qualification` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `languages_user_idx` ON `language_qualifications` (`user_id`);--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_type` text NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `codes_account_idx` ON `one_time_codes` (`account_type`,`account_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` text PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`company_hq` text NOT NULL,
	`owner_first_name` text NOT NULL,
	`owner_last_name` text NOT NULL,
	`owner_phone_number` text NOT NULL,
	`owner_designation` text NOT NULL,
	`owner_nationality` text NOT NULL,
	`contact_first_name` text NOT NULL,
	`contact_last_name` text NOT NULL,
	`contact_designation` text NOT NULL,
	`contact_phone_number` text NOT NULL,
	`contact_email` text NOT NULL,
	`approval_status` text DEFAULT 'pending' NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`tokens_valid_after` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partners_email_unique` ON `partners` (`email`);--> statement-breakpoint
CREATE TABLE `staff` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`tokens_valid_after` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_email_unique` ON `staff` (`email`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`academic_status` text NOT NULL,
	`contact_number` text NOT NULL,
	`current_address` text NOT NULL,
	`role` text DEFAULT 'student' NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`tokens_valid_after` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_contact_number_unique` ON `users` (`contact_number`);--> statement-breakpoint
CREATE TABLE `assistance_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`postcode` text NOT NULL,
	`country` text NOT NULL,
	`category` text NOT NULL,
	`message` text NOT NULL,
	`terms_accepted` integer NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `assistance_created_idx` ON `assistance_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`full_name` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`email` text NOT NULL,
	`phone` text,
	`subject` text,
	`country` text,
	`message` text NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `job_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`applicant_id` text NOT NULL,
	`cover_letter` text NOT NULL,
	`resume_key` text NOT NULL,
	`resume_name` text NOT NULL,
	`resume_type` text NOT NULL,
	`resume_size` integer NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`applicant_id`) REFERENCES `job_applicants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_applications_job_applicant_unique` ON `job_applications` (`job_id`,`applicant_id`);--> statement-breakpoint
CREATE INDEX `job_applications_applicant_idx` ON `job_applications` (`applicant_id`);--> statement-breakpoint
CREATE INDEX `job_applications_status_idx` ON `job_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`company` text NOT NULL,
	`location` text NOT NULL,
	`address` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`recruitment_type` text NOT NULL,
	`employment` text NOT NULL,
	`schedule` text NOT NULL,
	`payment` text NOT NULL,
	`hiring` text NOT NULL,
	`urgent` integer DEFAULT false NOT NULL,
	`tags` text NOT NULL,
	`type` text NOT NULL,
	`requirements` text NOT NULL,
	`company_info` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`sort_order`);--> statement-breakpoint
CREATE INDEX `jobs_category_idx` ON `jobs` (`category`);--> statement-breakpoint
CREATE TABLE `partner_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`data` text NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `partner_requests_partner_idx` ON `partner_requests` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_requests_status_idx` ON `partner_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`staff_id` text,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `status_changes_entity_idx` ON `status_changes` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_subject_unique` ON `subscriptions` (`user_id`,`subject_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`intent_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`payer_name` text NOT NULL,
	`payer_email` text NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`last_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_intent_id_unique` ON `payments` (`intent_id`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE TABLE `publish_events` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`staff_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `publish_created_idx` ON `publish_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
