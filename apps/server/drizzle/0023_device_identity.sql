ALTER TABLE "devices" ADD COLUMN "allowed_networks" text[];--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "identity_conflict_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "identity_conflicts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "clone_suspected_at" timestamp with time zone;