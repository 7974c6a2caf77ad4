-- Hand-written (drizzle-kit cannot express partitioning). Generated with `drizzle-kit generate --name positions` so that
-- the snapshot knows both tables (later diffs stay correct), then the CREATE TABLEs were rewritten as partitioned.
-- Monthly partitions are created on demand by the ingest writer (apps/server/src/gateway/ingest/partitions.ts);
-- the DEFAULT partitions catch anything outside the months it created, so an insert never fails.
-- Runs on PostgreSQL 15+ and PGlite (PG 18). Identity columns on partitioned tables need PG 17: raw_logs uses a sequence.
CREATE SEQUENCE "public"."raw_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "positions" (
	"device_id" bigint NOT NULL,
	"fixed_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone NOT NULL,
	"vehicle_id" bigint,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed_kph" real,
	"heading_deg" real,
	"altitude_m" real,
	"satellites" smallint,
	"hdop" real,
	"gps_valid" boolean,
	"ignition" boolean,
	"motion" boolean,
	"main_power" boolean,
	"main_voltage_v" real,
	"battery_voltage_v" real,
	"gsm_signal" smallint,
	"distance_m" real,
	"odometer_m" double precision,
	"history" boolean DEFAULT false NOT NULL,
	"attrs" jsonb,
	CONSTRAINT "positions_pkey" PRIMARY KEY("device_id","fixed_at")
) PARTITION BY RANGE ("fixed_at");
--> statement-breakpoint
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;
--> statement-breakpoint
CREATE TABLE "raw_logs" (
	"id" bigint DEFAULT nextval('raw_logs_id_seq') NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"device_id" bigint,
	"imei" text,
	"protocol" text NOT NULL,
	"remote_addr" text,
	"bytes" "bytea" NOT NULL,
	"decode_error" text,
	"checksum_ok" boolean
) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
ALTER SEQUENCE "public"."raw_logs_id_seq" OWNED BY "raw_logs"."id";
--> statement-breakpoint
CREATE TABLE "raw_logs_default" PARTITION OF "raw_logs" DEFAULT;
--> statement-breakpoint
CREATE INDEX "raw_logs_imei_received_idx" ON "raw_logs" USING btree ("imei","received_at");
