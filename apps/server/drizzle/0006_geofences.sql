CREATE TABLE "geofence_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geofence_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"fence_key" text NOT NULL,
	"geofence_id" bigint,
	"division_id" bigint,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	"dwell_s" integer,
	"entry_lat" double precision,
	"entry_lon" double precision,
	"late" boolean DEFAULT false NOT NULL,
	CONSTRAINT "geofence_visits_target_chk" CHECK (("geofence_visits"."geofence_id" is null) <> ("geofence_visits"."division_id" is null))
);
--> statement-breakpoint
CREATE TABLE "geofences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geofences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"geometry" jsonb NOT NULL,
	"radius_m" real,
	"dwell_s" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geofences_kind_chk" CHECK ("geofences"."kind" in ('dump-yard', 'transfer-station', 'collection-point', 'garage', 'workshop', 'fuel-station', 'restricted', 'other')),
	CONSTRAINT "geofences_radius_chk" CHECK ("geofences"."radius_m" is null or "geofences"."radius_m" > 0),
	CONSTRAINT "geofences_dwell_chk" CHECK ("geofences"."dwell_s" is null or "geofences"."dwell_s" >= 0)
);
--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_division_id_admin_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "geofence_visits_device_fence_entered_uq" ON "geofence_visits" USING btree ("device_id","fence_key","entered_at");--> statement-breakpoint
CREATE INDEX "geofence_visits_vehicle_entered_idx" ON "geofence_visits" USING btree ("vehicle_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofence_visits_organisation_entered_idx" ON "geofence_visits" USING btree ("organisation_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofence_visits_geofence_entered_idx" ON "geofence_visits" USING btree ("geofence_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofences_organisation_idx" ON "geofences" USING btree ("organisation_id");