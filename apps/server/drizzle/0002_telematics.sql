CREATE TABLE "device_latest" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"fixed_at" timestamp with time zone,
	"server_at" timestamp with time zone,
	"lat" double precision,
	"lon" double precision,
	"speed_kph" real,
	"heading_deg" real,
	"altitude_m" real,
	"satellites" smallint,
	"gps_valid" boolean,
	"ignition" boolean,
	"motion" boolean,
	"main_power" boolean,
	"main_voltage_v" real,
	"battery_voltage_v" real,
	"gsm_signal" smallint,
	"odometer_m" double precision,
	"status" text DEFAULT 'never-connected' NOT NULL,
	"status_since" timestamp with time zone,
	"last_packet_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"imei" text NOT NULL,
	"iccid" text,
	"sim1" text,
	"sim2" text,
	"esim_provider" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"model" text,
	"organisation_id" bigint NOT NULL,
	"panic_button_count" integer DEFAULT 0 NOT NULL,
	"firmware" text,
	"protocol" text,
	"strict_checksum" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_status_chk" CHECK ("devices"."status" in ('NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED'))
);
--> statement-breakpoint
CREATE TABLE "unknown_devices" (
	"imei" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"packets" bigint DEFAULT 0 NOT NULL,
	"remote_addr" text,
	"attrs" jsonb
);
--> statement-breakpoint
CREATE TABLE "vehicle_device_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_device_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"category" text,
	"registration_number" text NOT NULL,
	"engine_no" text,
	"chassis_no" text,
	"rto" text,
	"rto_code" text,
	"make" text,
	"model" text,
	"reg_date" date,
	"rc_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kind" text,
	"type" text,
	"group_id" bigint,
	"zone_id" bigint,
	"circle_id" bigint,
	"ward_id" bigint,
	"owner_user_id" bigint,
	"is_tracking_activated" boolean DEFAULT true NOT NULL,
	"speed_limit_kph" real,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"vehicle_id" bigint,
	"organisation_id" bigint NOT NULL,
	"type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"last_at" timestamp with time zone NOT NULL,
	"repeat_count" integer DEFAULT 1 NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"late" boolean DEFAULT false NOT NULL,
	"attrs" jsonb,
	"acknowledged_by" bigint,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_device_links" ADD CONSTRAINT "vehicle_device_links_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_device_links" ADD CONSTRAINT "vehicle_device_links_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_zone_id_admin_divisions_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_circle_id_admin_divisions_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_latest_organisation_idx" ON "device_latest" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_uq" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "devices_organisation_idx" ON "devices" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "vehicle_device_links_device_idx" ON "vehicle_device_links" USING btree ("device_id","linked_at");--> statement-breakpoint
CREATE INDEX "vehicle_device_links_vehicle_idx" ON "vehicle_device_links" USING btree ("vehicle_id","linked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_device_links_open_device_uq" ON "vehicle_device_links" USING btree ("device_id") WHERE "vehicle_device_links"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_device_links_open_vehicle_uq" ON "vehicle_device_links" USING btree ("vehicle_id") WHERE "vehicle_device_links"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_org_registration_uq" ON "vehicles" USING btree ("organisation_id",upper("registration_number")) WHERE not "vehicles"."deleted";--> statement-breakpoint
CREATE INDEX "vehicles_organisation_idx" ON "vehicles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "events_organisation_started_idx" ON "events" USING btree ("organisation_id","started_at");--> statement-breakpoint
CREATE INDEX "events_device_started_idx" ON "events" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_open_uq" ON "events" USING btree ("device_id","type") WHERE "events"."ended_at" is null;