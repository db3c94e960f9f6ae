CREATE TABLE IF NOT EXISTS "prize_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"draw_limit" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_name_prefix_idx" ON "prize_activities" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_org_name_idx" ON "prize_activities" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_org_created_idx" ON "prize_activities" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_org_starts_idx" ON "prize_activities" USING btree ("org_id","starts_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_org_ends_idx" ON "prize_activities" USING btree ("org_id","ends_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_activities_org_status_idx" ON "prize_activities" USING btree ("org_id","status");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL REFERENCES "prize_activities"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight_bp" integer NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prizes_stock_nonneg" CHECK ("stock" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prizes_activity_idx" ON "prizes" USING btree ("activity_id","sort");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "prize_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL REFERENCES "prize_activities"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"prize_id" integer REFERENCES "prizes"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_draws_participant_idx" ON "prize_draws" USING btree ("activity_id","participant");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "prize_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"activity_id" integer NOT NULL REFERENCES "prize_activities"("id") ON DELETE restrict,
	"prize_id" integer REFERENCES "prizes"("id") ON DELETE set null,
	"prize_name" text NOT NULL,
	"participant" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_org_created_idx" ON "prize_wins" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_org_activity_idx" ON "prize_wins" USING btree ("org_id","activity_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_org_status_idx" ON "prize_wins" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_org_id_idx" ON "prize_wins" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_participant_prefix_idx" ON "prize_wins" USING btree (lower("participant") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prize_wins_prize_participant_idx" ON "prize_wins" USING btree ("prize_id","participant");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"inviter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"invitee" text NOT NULL,
	"invitee_phone" text DEFAULT '' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"converted_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_org_invited_idx" ON "invitations" USING btree ("org_id","invited_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_org_inviter_idx" ON "invitations" USING btree ("org_id","inviter_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_org_status_idx" ON "invitations" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_org_id_idx" ON "invitations" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_invitee_prefix_idx" ON "invitations" USING btree (lower("invitee") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "service_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"term_months" integer DEFAULT 12 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_packages_price_nonneg" CHECK ("price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_packages_name_prefix_idx" ON "service_packages" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_packages_name_idx" ON "service_packages" USING btree ("name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_packages_price_idx" ON "service_packages" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_packages_sort_idx" ON "service_packages" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_packages_status_idx" ON "service_packages" USING btree ("status");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "unit_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_prices_price_nonneg" CHECK ("price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_name_prefix_idx" ON "unit_prices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_name_idx" ON "unit_prices" USING btree ("name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_unit_idx" ON "unit_prices" USING btree ("unit");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_price_idx" ON "unit_prices" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_status_idx" ON "unit_prices" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_prices_created_idx" ON "unit_prices" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "operation_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"order_no" text NOT NULL,
	"package_id" integer REFERENCES "service_packages"("id") ON DELETE restrict,
	"unit_price_id" integer REFERENCES "unit_prices"("id") ON DELETE restrict,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_orders_amount_nonneg" CHECK ("amount_cents" >= 0),
	CONSTRAINT "operation_orders_one_item" CHECK (("package_id" is null) <> ("unit_price_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "operation_orders_order_no_uq" ON "operation_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_order_no_prefix_idx" ON "operation_orders" USING btree (lower("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_org_created_idx" ON "operation_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_org_amount_idx" ON "operation_orders" USING btree ("org_id","amount_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_org_status_idx" ON "operation_orders" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_package_idx" ON "operation_orders" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_orders_unit_price_idx" ON "operation_orders" USING btree ("unit_price_id");
