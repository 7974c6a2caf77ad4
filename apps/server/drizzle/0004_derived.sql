CREATE TABLE "daily_vehicle_stats" (
	"device_id" bigint NOT NULL,
	"day" date NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"run_s" integer DEFAULT 0 NOT NULL,
	"idle_s" integer DEFAULT 0 NOT NULL,
	"stop_s" integer DEFAULT 0 NOT NULL,
	"offline_s" integer DEFAULT 0 NOT NULL,
	"max_speed_kph" real,
	"avg_speed_kph" real,
	"trips" integer DEFAULT 0 NOT NULL,
	"first_ignition_at" timestamp with time zone,
	"last_ignition_at" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_vehicle_stats_pkey" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_derive_state" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_intervals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "state_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"max_speed_kph" real,
	"start_lat" double precision,
	"start_lon" double precision,
	"end_lat" double precision,
	"end_lon" double precision,
	"offline_reason" text,
	CONSTRAINT "state_intervals_kind_chk" CHECK ("state_intervals"."kind" in ('moving', 'idle', 'stopped', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"distance_m" double precision NOT NULL,
	"max_speed_kph" real,
	"avg_speed_kph" real,
	"start_lat" double precision,
	"start_lon" double precision,
	"end_lat" double precision,
	"end_lon" double precision
);
--> statement-breakpoint
ALTER TABLE "daily_vehicle_stats" ADD CONSTRAINT "daily_vehicle_stats_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_derive_state" ADD CONSTRAINT "device_derive_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_intervals" ADD CONSTRAINT "state_intervals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_vehicle_stats_vehicle_day_idx" ON "daily_vehicle_stats" USING btree ("vehicle_id","day");--> statement-breakpoint
CREATE INDEX "daily_vehicle_stats_organisation_day_idx" ON "daily_vehicle_stats" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "state_intervals_device_started_uq" ON "state_intervals" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "state_intervals_vehicle_started_idx" ON "state_intervals" USING btree ("vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "state_intervals_organisation_started_idx" ON "state_intervals" USING btree ("organisation_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_device_started_uq" ON "trips" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "trips_vehicle_started_idx" ON "trips" USING btree ("vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "trips_organisation_started_idx" ON "trips" USING btree ("organisation_id","started_at");