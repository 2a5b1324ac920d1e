CREATE TABLE `partner_members` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`person_id` text,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invitation_id` text,
	`invited_at` integer,
	`invitation_expires_at` integer,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_members_person_unique` ON `partner_members` (`person_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `partner_members_address_unique` ON `partner_members` (`partner_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `partner_members_one_owner` ON `partner_members` (`partner_id`) WHERE role = 'owner';--> statement-breakpoint
-- Every organisation already linked to its owner's person gets its owner as its first member, with
-- an id shaped as the application's own (a version 4 UUID). One not linked yet gets it when its
-- owner's address is merged or proven (db/queries/people.ts).
INSERT INTO `partner_members` (`id`, `partner_id`, `person_id`, `email`, `role`, `accepted_at`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), p.`id`, p.`person_id`, pe.`email`, 'owner', p.`updated_at`, p.`updated_at`, p.`updated_at`
FROM `partners` p JOIN `people` pe ON pe.`id` = p.`person_id`
ON CONFLICT DO NOTHING;
