CREATE TABLE IF NOT EXISTS "business_random_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"batch" text NOT NULL,
	"code" text NOT NULL,
	"charset" text DEFAULT 'alnum' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"state" text DEFAULT 'unused' NOT NULL,
	"used_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_random_codes_org_code_uq" ON "business_random_codes" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_random_codes_org_batch_idx" ON "business_random_codes" USING btree ("org_id","batch");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_random_codes_org_state_idx" ON "business_random_codes" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_random_codes_code_prefix_idx" ON "business_random_codes" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_custom_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model_code" text NOT NULL,
	"family" text DEFAULT 'other' NOT NULL,
	"ports" integer DEFAULT 0 NOT NULL,
	"poe" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_custom_devices_org_code_uq" ON "business_custom_devices" USING btree ("org_id",lower("model_code"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_name_idx" ON "business_custom_devices" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_code_idx" ON "business_custom_devices" USING btree ("org_id","model_code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_family_idx" ON "business_custom_devices" USING btree ("org_id","family");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_brand_idx" ON "business_custom_devices" USING btree ("org_id","brand");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_status_idx" ON "business_custom_devices" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_org_updated_idx" ON "business_custom_devices" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_name_prefix_idx" ON "business_custom_devices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_custom_devices_code_prefix_idx" ON "business_custom_devices" USING btree (lower("model_code") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_group_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"leader_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"member_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"duty" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_group_teams_org_name_uq" ON "business_group_teams" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_group_teams_org_leader_idx" ON "business_group_teams" USING btree ("org_id","leader_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_group_teams_org_status_idx" ON "business_group_teams" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_group_teams_org_updated_idx" ON "business_group_teams" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_group_teams_name_prefix_idx" ON "business_group_teams" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_svip_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"identity_kind" text DEFAULT 'phone' NOT NULL,
	"identity" text NOT NULL,
	"bonus_minutes" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_identity_idx" ON "business_svip_times" USING btree ("org_id","identity");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_kind_idx" ON "business_svip_times" USING btree ("org_id","identity_kind");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_status_idx" ON "business_svip_times" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_bonus_idx" ON "business_svip_times" USING btree ("org_id","bonus_minutes");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_valid_until_idx" ON "business_svip_times" USING btree ("org_id","valid_until");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_org_updated_idx" ON "business_svip_times" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_svip_times_identity_prefix_idx" ON "business_svip_times" USING btree (lower("identity") text_pattern_ops);
