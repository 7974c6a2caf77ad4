CREATE INDEX "users_full_name_search_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_last_name_search_idx" ON "users" USING btree ((lower("last_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree ((lower("email") collate "C"));--> statement-breakpoint
CREATE INDEX "users_email_domain_search_idx" ON "users" USING btree ((split_part(lower("email"), '@', 2) collate "C"));--> statement-breakpoint
CREATE INDEX "users_phone_search_idx" ON "users" USING btree (("phone" collate "C"));--> statement-breakpoint
CREATE INDEX "users_phone_rev_search_idx" ON "users" USING btree ((reverse("phone") collate "C"));--> statement-breakpoint
CREATE INDEX "devices_imei_search_idx" ON "devices" USING btree (("imei" collate "C"));--> statement-breakpoint
CREATE INDEX "devices_imei_rev_search_idx" ON "devices" USING btree ((reverse("imei") collate "C"));--> statement-breakpoint
CREATE INDEX "devices_iccid_search_idx" ON "devices" USING btree ((upper("iccid") collate "C"));--> statement-breakpoint
CREATE INDEX "devices_iccid_rev_search_idx" ON "devices" USING btree ((reverse(upper("iccid")) collate "C"));--> statement-breakpoint
CREATE INDEX "vehicles_registration_search_idx" ON "vehicles" USING btree ((upper(regexp_replace("registration_number", '[^A-Za-z0-9]', '', 'g')) collate "C"));--> statement-breakpoint
CREATE INDEX "vehicles_registration_rev_search_idx" ON "vehicles" USING btree ((reverse(upper(regexp_replace("registration_number", '[^A-Za-z0-9]', '', 'g'))) collate "C"));