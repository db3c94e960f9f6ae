CREATE TABLE IF NOT EXISTS "portal_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"place" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'auth' NOT NULL,
	"auth_sms" boolean DEFAULT true NOT NULL,
	"auth_wechat" boolean DEFAULT false NOT NULL,
	"auth_one_click" boolean DEFAULT false NOT NULL,
	"code_validity_min" integer DEFAULT 5 NOT NULL,
	"send_interval_s" integer DEFAULT 60 NOT NULL,
	"sms_quota" integer DEFAULT 0 NOT NULL,
	"sms_alert" integer DEFAULT 100 NOT NULL,
	"sms_alerted_month" text DEFAULT '' NOT NULL,
	"up_kbps" integer DEFAULT 0 NOT NULL,
	"down_kbps" integer DEFAULT 0 NOT NULL,
	"session_minutes" integer DEFAULT 480 NOT NULL,
	"whitelist" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_settings_org_place_uq" ON "portal_settings" USING btree ("org_id","place");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_settings_place_prefix_idx" ON "portal_settings" USING btree (lower("place") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_settings_org_mode_idx" ON "portal_settings" USING btree ("org_id","mode");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_settings_org_updated_idx" ON "portal_settings" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_adverts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_title_prefix_idx" ON "portal_adverts" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_sort_idx" ON "portal_adverts" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_status_idx" ON "portal_adverts" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_place_idx" ON "portal_adverts" USING btree ("org_id","place");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_starts_idx" ON "portal_adverts" USING btree ("org_id","starts_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_ends_idx" ON "portal_adverts" USING btree ("org_id","ends_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_created_idx" ON "portal_adverts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_id_idx" ON "portal_adverts" USING btree ("org_id","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"certificate_no" text NOT NULL,
	"region" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_agents_certificate_uq" ON "portal_agents" USING btree ("certificate_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_certificate_prefix_idx" ON "portal_agents" USING btree (lower("certificate_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_name_prefix_idx" ON "portal_agents" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_phone_idx" ON "portal_agents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_status_idx" ON "portal_agents" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_created_idx" ON "portal_agents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_valid_from_idx" ON "portal_agents" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_agents_valid_to_idx" ON "portal_agents" USING btree ("valid_to");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "wechat_menus" (
	"org_id" integer PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"menu" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"code_hash" text DEFAULT '' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_challenges_lookup_idx" ON "portal_challenges" USING btree ("org_id","kind","key","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_challenges_expires_idx" ON "portal_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_guest_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"place" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"identity" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"up_kbps" integer NOT NULL,
	"down_kbps" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_started_idx" ON "portal_guest_sessions" USING btree ("org_id","started_at");
