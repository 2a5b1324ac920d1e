CREATE TABLE `payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`refund_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`reason` text,
	`note` text,
	`failure_reason` text,
	`staff_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_refund_id_idx` ON `payment_refunds` (`refund_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `amount_refunded` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_reserved` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `charge_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `payment_method_type` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `card_brand` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `card_last4` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `fee` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `fee_currency` text;