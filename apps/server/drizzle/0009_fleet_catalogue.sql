CREATE TABLE "geofence_vehicles" (
	"geofence_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geofence_vehicles_pk" PRIMARY KEY("geofence_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "pois" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pois_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius_m" real NOT NULL,
	"address" text,
	"ward_id" bigint,
	"geofence_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pois_kind_chk" CHECK ("pois"."kind" in ('collection-point', 'dump-yard', 'transfer-station', 'depot', 'fuel-station', 'other')),
	CONSTRAINT "pois_radius_chk" CHECK ("pois"."radius_m" > 0)
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint,
	"name" text NOT NULL,
	"manufacturer" text NOT NULL,
	"protocol" text NOT NULL,
	"firmware_versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"panic_button_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_models_protocol_chk" CHECK ("device_models"."protocol" in ('ais140', 'gt06', 'teltonika')),
	CONSTRAINT "device_models_panic_chk" CHECK ("device_models"."panic_button_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rtos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rtos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_vehicles" (
	"route_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_vehicles_pk" PRIMARY KEY("route_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"path" jsonb NOT NULL,
	"corridor_m" real NOT NULL,
	"checkpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_corridor_chk" CHECK ("routes"."corridor_m" > 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"vehicle_id" bigint,
	"poi_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_kind_chk" CHECK ("items"."kind" in ('QR', 'RFID')),
	CONSTRAINT "items_target_chk" CHECK ("items"."vehicle_id" is null or "items"."poi_id" is null)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"schedule_type" text NOT NULL,
	"recurrence" text,
	"days_of_week" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"route_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_schedule_type_chk" CHECK ("jobs"."schedule_type" in ('One Time', 'Recurring')),
	CONSTRAINT "jobs_recurrence_chk" CHECK ("jobs"."recurrence" is null or "jobs"."recurrence" in ('daily', 'weekly', 'monthly', 'yearly', 'custom'))
);
--> statement-breakpoint
ALTER TABLE "geofence_vehicles" ADD CONSTRAINT "geofence_vehicles_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_vehicles" ADD CONSTRAINT "geofence_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_ward_id_admin_divisions_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."admin_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_vehicles" ADD CONSTRAINT "route_vehicles_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_vehicles" ADD CONSTRAINT "route_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_poi_id_pois_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."pois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geofence_vehicles_vehicle_idx" ON "geofence_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "pois_organisation_idx" ON "pois" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_name_uq" ON "device_models" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "groups_org_name_uq" ON "groups" USING btree ("organisation_id",lower("name")) WHERE not "groups"."deleted";--> statement-breakpoint
CREATE INDEX "groups_organisation_idx" ON "groups" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rtos_state_code_uq" ON "rtos" USING btree ("state_code","code");--> statement-breakpoint
CREATE INDEX "route_vehicles_vehicle_idx" ON "route_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "routes_organisation_idx" ON "routes" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_org_code_uq" ON "items" USING btree ("organisation_id",upper("code")) WHERE not "items"."deleted";--> statement-breakpoint
CREATE INDEX "items_vehicle_idx" ON "items" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "jobs_organisation_idx" ON "jobs" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "jobs_vehicle_idx" ON "jobs" USING btree ("vehicle_id");