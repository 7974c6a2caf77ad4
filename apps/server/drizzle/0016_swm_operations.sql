CREATE TABLE "attendance" (
	"staff_id" bigint NOT NULL,
	"day" date NOT NULL,
	"organisation_id" bigint NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"ward_id" bigint,
	"circle_id" bigint,
	"vehicle_id" bigint,
	"duty_start_at" timestamp with time zone,
	"duty_end_at" timestamp with time zone,
	"marked_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_pkey" PRIMARY KEY("staff_id","day"),
	CONSTRAINT "attendance_status_chk" CHECK ("attendance"."status" in ('PRESENT', 'ABSENT')),
	CONSTRAINT "attendance_source_chk" CHECK ("attendance"."source" in ('driver-id', 'duty', 'supervisor', 'day-close'))
);
--> statement-breakpoint
CREATE TABLE "complaint_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"action" text NOT NULL,
	"note" text,
	"attrs" jsonb
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"ward_id" bigint,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"address" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citizen_name" text,
	"citizen_phone" text,
	"status" text DEFAULT 'open' NOT NULL,
	"sla_hours" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assigned_staff_id" bigint,
	"assigned_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"resolution_note" text,
	"resolution_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_chk" CHECK ("complaints"."status" in ('open', 'assigned', 'resolved', 'reopened')),
	CONSTRAINT "complaints_sla_chk" CHECK ("complaints"."sla_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "driver_tag_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_tag_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dump_yard_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dump_yard_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"geofence_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	"gross_kg" real,
	"tare_kg" real,
	"ticket_no" text,
	"source" text DEFAULT 'operator' NOT NULL,
	"note" text,
	"recorded_by" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dump_yard_entries_source_chk" CHECK ("dump_yard_entries"."source" in ('operator', 'weighbridge')),
	CONSTRAINT "dump_yard_entries_weight_chk" CHECK (("dump_yard_entries"."gross_kg" is null or "dump_yard_entries"."gross_kg" >= 0) and ("dump_yard_entries"."tare_kg" is null or "dump_yard_entries"."tare_kg" >= 0))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" bigint NOT NULL,
	"day" date NOT NULL,
	"organisation_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"route_id" bigint,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"checkpoints_total" integer DEFAULT 0 NOT NULL,
	"checkpoints_met" integer DEFAULT 0 NOT NULL,
	"checkpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expected_trips" integer DEFAULT 0 NOT NULL,
	"gps_trips" integer DEFAULT 0 NOT NULL,
	"score" real,
	"evaluated_at" timestamp with time zone,
	CONSTRAINT "job_runs_pkey" PRIMARY KEY("job_id","day"),
	CONSTRAINT "job_runs_status_chk" CHECK ("job_runs"."status" in ('scheduled', 'started', 'finished', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"zone_id" bigint,
	"circle_id" bigint,
	"ward_id" bigint,
	"tag_id" text,
	"licence_no" text,
	"licence_valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_chk" CHECK ("staff"."role" in ('driver', 'helper', 'sweeper', 'supervisor'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"day" date NOT NULL,
	"shift" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"source" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_allocations_source_chk" CHECK ("vehicle_allocations"."source" in ('supervisor', 'driver-id')),
	CONSTRAINT "vehicle_allocations_shift_chk" CHECK ("vehicle_allocations"."shift" in ('morning', 'afternoon', 'night'))
);
--> statement-breakpoint
ALTER TABLE "organisations" DROP CONSTRAINT "organisations_kind_chk";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "contractor_organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "expected_trips" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_circle_id_admin_divisions_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_tag_reads" ADD CONSTRAINT "driver_tag_reads_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dump_yard_entries" ADD CONSTRAINT "dump_yard_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dump_yard_entries" ADD CONSTRAINT "dump_yard_entries_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dump_yard_entries" ADD CONSTRAINT "dump_yard_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dump_yard_entries" ADD CONSTRAINT "dump_yard_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_zone_id_admin_divisions_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_circle_id_admin_divisions_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_allocations" ADD CONSTRAINT "vehicle_allocations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_allocations" ADD CONSTRAINT "vehicle_allocations_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_allocations" ADD CONSTRAINT "vehicle_allocations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_allocations" ADD CONSTRAINT "vehicle_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_organisation_day_idx" ON "attendance" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "complaint_events_complaint_idx" ON "complaint_events" USING btree ("complaint_id","at");--> statement-breakpoint
CREATE INDEX "complaints_organisation_created_idx" ON "complaints" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_organisation_status_idx" ON "complaints" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_tag_reads_device_read_uq" ON "driver_tag_reads" USING btree ("device_id","read_at","tag");--> statement-breakpoint
CREATE INDEX "driver_tag_reads_organisation_read_idx" ON "driver_tag_reads" USING btree ("organisation_id","read_at");--> statement-breakpoint
CREATE INDEX "driver_tag_reads_unprocessed_idx" ON "driver_tag_reads" USING btree ("read_at") WHERE "driver_tag_reads"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "dump_yard_entries_organisation_entered_idx" ON "dump_yard_entries" USING btree ("organisation_id","entered_at");--> statement-breakpoint
CREATE INDEX "dump_yard_entries_vehicle_entered_idx" ON "dump_yard_entries" USING btree ("vehicle_id","entered_at");--> statement-breakpoint
CREATE INDEX "job_runs_organisation_day_idx" ON "job_runs" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "job_runs_vehicle_day_idx" ON "job_runs" USING btree ("vehicle_id","day");--> statement-breakpoint
CREATE INDEX "staff_organisation_idx" ON "staff" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_tag_uq" ON "staff" USING btree ("organisation_id","tag_id") WHERE "staff"."tag_id" is not null and not "staff"."deleted";--> statement-breakpoint
CREATE INDEX "vehicle_allocations_vehicle_started_idx" ON "vehicle_allocations" USING btree ("vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "vehicle_allocations_staff_day_idx" ON "vehicle_allocations" USING btree ("staff_id","day");--> statement-breakpoint
CREATE INDEX "vehicle_allocations_organisation_day_idx" ON "vehicle_allocations" USING btree ("organisation_id","day");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_contractor_organisation_id_organisations_id_fk" FOREIGN KEY ("contractor_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_kind_chk" CHECK ("organisations"."kind" in ('PLATFORM', 'MANUFACTURER', 'VENDOR', 'MUNICIPAL', 'CUSTOMER', 'CONTRACTOR'));