ALTER TABLE `subscriptions` ADD `intake` text;--> statement-breakpoint
-- Hand-written (issue 29 item 9): the seed's rate source named a setting (RATES_URL) on the public
-- cost notes; databases seeded before this change get the words people read instead.
UPDATE `exchange_rates` SET `source` = 'approximate mid-market rates checked by our advisers' WHERE `source` = 'Approximate mid-market rates entered with the seed content (staff replace them in the back office, or set RATES_URL)';
