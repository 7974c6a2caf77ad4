ALTER TABLE "devices" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "device_models" ADD COLUMN "tac_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_uid_uq" ON "devices" USING btree ("uid") WHERE "devices"."uid" is not null and not "devices"."deleted";