ALTER TABLE "devices" ADD COLUMN "target_firmware" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "allocated_from_organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_allocated_from_organisation_id_organisations_id_fk" FOREIGN KEY ("allocated_from_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;