CREATE TABLE IF NOT EXISTS "business_laundry_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"external_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"quick_price_cents" integer DEFAULT 0 NOT NULL,
	"heavy_price_cents" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"remaining_min" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"program" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_laundry_machines_org_external_uq" ON "business_laundry_machines" USING btree ("org_id","external_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_external_prefix_idx" ON "business_laundry_machines" USING btree (lower("external_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_name_prefix_idx" ON "business_laundry_machines" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_org_name_idx" ON "business_laundry_machines" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_org_site_idx" ON "business_laundry_machines" USING btree ("org_id","site");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_org_state_idx" ON "business_laundry_machines" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_machines_org_status_idx" ON "business_laundry_machines" USING btree ("org_id","status");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_laundry_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"machine_id" integer REFERENCES "business_laundry_machines"("id") ON DELETE set null,
	"external_id" text NOT NULL,
	"order_no" text NOT NULL,
	"program" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_laundry_orders_order_no_uq" ON "business_laundry_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_orders_order_no_prefix_idx" ON "business_laundry_orders" USING btree (lower("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_orders_org_created_idx" ON "business_laundry_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_orders_org_machine_idx" ON "business_laundry_orders" USING btree ("org_id","machine_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_orders_org_state_idx" ON "business_laundry_orders" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_laundry_orders_machine_idx" ON "business_laundry_orders" USING btree ("machine_id");
