CREATE TABLE "forward_delivery_stats" (
	"target_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "forward_delivery_stats_target_id_minute_pk" PRIMARY KEY("target_id","minute")
);
--> statement-breakpoint
CREATE TABLE "forward_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forward_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dead_at" timestamp with time zone,
	CONSTRAINT "forward_queue_status_chk" CHECK ("forward_queue"."status" in ('pending', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "forward_targets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forward_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"url" text,
	"secret" text,
	"host" text,
	"port" integer,
	"send_positions" boolean DEFAULT true NOT NULL,
	"send_alerts" boolean DEFAULT true NOT NULL,
	"event_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch_size" integer DEFAULT 100 NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"paused_until" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forward_targets_kind_chk" CHECK ("forward_targets"."kind" in ('webhook', 'emergency')),
	CONSTRAINT "forward_targets_batch_chk" CHECK ("forward_targets"."batch_size" between 1 and 1000),
	CONSTRAINT "forward_targets_timeout_chk" CHECK ("forward_targets"."timeout_ms" between 500 and 60000)
);
--> statement-breakpoint
ALTER TABLE "forward_delivery_stats" ADD CONSTRAINT "forward_delivery_stats_target_id_forward_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."forward_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_queue" ADD CONSTRAINT "forward_queue_target_id_forward_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."forward_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_targets" ADD CONSTRAINT "forward_targets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forward_queue_target_idx" ON "forward_queue" USING btree ("target_id","status","id");--> statement-breakpoint
CREATE INDEX "forward_targets_organisation_idx" ON "forward_targets" USING btree ("organisation_id");