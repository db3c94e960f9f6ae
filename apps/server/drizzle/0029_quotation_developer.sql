CREATE TABLE IF NOT EXISTS "quote_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_model_prefix_idx" ON "quote_devices" USING btree (lower("model") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_name_prefix_idx" ON "quote_devices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_org_model_idx" ON "quote_devices" USING btree ("org_id","model");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_org_price_idx" ON "quote_devices" USING btree ("org_id","unit_price_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_org_status_idx" ON "quote_devices" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_devices_org_id_idx" ON "quote_devices" USING btree ("org_id","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"quote_no" text NOT NULL,
	"customer" text NOT NULL,
	"project_id" integer REFERENCES "projects"("id") ON DELETE set null,
	"state" text DEFAULT 'draft' NOT NULL,
	"valid_until" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "quotations_org_quote_no_uq" ON "quotations" USING btree ("org_id","quote_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_quote_no_prefix_idx" ON "quotations" USING btree (lower("quote_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_customer_prefix_idx" ON "quotations" USING btree (lower("customer") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_org_state_idx" ON "quotations" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_org_project_idx" ON "quotations" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_org_created_idx" ON "quotations" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotations_org_id_idx" ON "quotations" USING btree ("org_id","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"quotation_id" integer NOT NULL REFERENCES "quotations"("id") ON DELETE cascade,
	"quote_device_id" integer NOT NULL REFERENCES "quote_devices"("id") ON DELETE restrict,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotation_lines_org_quotation_idx" ON "quotation_lines" USING btree ("org_id","quotation_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotation_lines_quotation_idx" ON "quotation_lines" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotation_lines_device_idx" ON "quotation_lines" USING btree ("quote_device_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quotation_counters" (
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "quotation_counters_org_id_year_pk" PRIMARY KEY("org_id","year")
);
--> statement-breakpoint
ALTER TABLE "dc_services" ADD COLUMN IF NOT EXISTS "rate_limit" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dc_nonces" (
	"service_id" integer NOT NULL REFERENCES "dc_services"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dc_nonces_service_id_nonce_pk" PRIMARY KEY("service_id","nonce")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_nonces_expires_idx" ON "dc_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dc_call_windows" (
	"service_id" integer NOT NULL REFERENCES "dc_services"("id") ON DELETE cascade,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "dc_call_windows_service_id_window_start_pk" PRIMARY KEY("service_id","window_start")
);
