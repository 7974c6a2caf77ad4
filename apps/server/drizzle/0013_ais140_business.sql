CREATE TABLE "activation_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"duration_in_days" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_plans_price_chk" CHECK ("activation_plans"."price_paise" >= 0),
	CONSTRAINT "activation_plans_duration_chk" CHECK ("activation_plans"."duration_in_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "fitments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"vehicle_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"customer_user_id" bigint NOT NULL,
	"fitter_user_id" bigint,
	"fitment_date" date NOT NULL,
	"duration_in_days" integer NOT NULL,
	"device_activate" boolean DEFAULT false NOT NULL,
	"device_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activation_status" text DEFAULT 'PENDING' NOT NULL,
	"expires_on" date,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" bigint,
	"charged_paise" bigint,
	"created_by_user_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitments_activation_status_chk" CHECK ("fitments"."activation_status" in ('PENDING', 'APPROVED')),
	CONSTRAINT "fitments_duration_chk" CHECK ("fitments"."duration_in_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "sim_activation_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_activation_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"imei" text NOT NULL,
	"organisation_id" bigint NOT NULL,
	"manufacturer_organisation_id" bigint,
	"ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_in_days" integer NOT NULL,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"sim_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sim_activated" boolean DEFAULT false NOT NULL,
	"sim_activation_approved_by_user_id" bigint,
	"sim_activation_date" timestamp with time zone,
	"created_by_user_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_activation_orders_status_chk" CHECK ("sim_activation_orders"."status" in ('INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED', 'DONE'))
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_id" bigint NOT NULL,
	"transaction_type" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_type_chk" CHECK ("wallet_transactions"."transaction_type" in ('CREDIT', 'DEBIT')),
	CONSTRAINT "wallet_transactions_amount_chk" CHECK ("wallet_transactions"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_chk" CHECK ("wallets"."balance_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_docs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_fitter_user_id_users_id_fk" FOREIGN KEY ("fitter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activation_orders" ADD CONSTRAINT "sim_activation_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activation_orders" ADD CONSTRAINT "sim_activation_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activation_orders" ADD CONSTRAINT "sim_activation_orders_manufacturer_organisation_id_organisations_id_fk" FOREIGN KEY ("manufacturer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activation_orders" ADD CONSTRAINT "sim_activation_orders_sim_activation_approved_by_user_id_users_id_fk" FOREIGN KEY ("sim_activation_approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activation_orders" ADD CONSTRAINT "sim_activation_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activation_plans_duration_uq" ON "activation_plans" USING btree ("duration_in_days");--> statement-breakpoint
CREATE UNIQUE INDEX "fitments_device_live_uq" ON "fitments" USING btree ("device_id") WHERE not "fitments"."deleted";--> statement-breakpoint
CREATE INDEX "fitments_organisation_idx" ON "fitments" USING btree ("organisation_id","fitment_date");--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "fitments_customer_idx" ON "fitments" USING btree ("customer_user_id");--> statement-breakpoint
CREATE INDEX "sim_activation_orders_status_idx" ON "sim_activation_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sim_activation_orders_organisation_idx" ON "sim_activation_orders" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "sim_activation_orders_manufacturer_idx" ON "sim_activation_orders" USING btree ("manufacturer_organisation_id");--> statement-breakpoint
CREATE INDEX "sim_activation_orders_imei_idx" ON "sim_activation_orders" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "wallet_transactions_wallet_idx" ON "wallet_transactions" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_organisation_uq" ON "wallets" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_uq" ON "wallets" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "activation_plans" ("name", "duration_in_days", "price_paise") VALUES ('1 year', 365, 150000), ('2 year', 730, 270000), ('3 year', 1095, 380000);
