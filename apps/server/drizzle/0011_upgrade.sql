CREATE TABLE IF NOT EXISTS "firmware_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"version" text NOT NULL,
	"family" text NOT NULL,
	"models" text DEFAULT '' NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "firmware_packages_org_family_version_uq" ON "firmware_packages" USING btree ("org_id","family","version");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firmware_packages_version_prefix_idx" ON "firmware_packages" USING btree (lower("version") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firmware_packages_org_created_idx" ON "firmware_packages" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firmware_packages_org_status_idx" ON "firmware_packages" USING btree ("org_id","status");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "upgrade_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"firmware_id" integer NOT NULL REFERENCES "firmware_packages"("id") ON DELETE restrict,
	"state" text DEFAULT 'draft' NOT NULL,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"filter_family" text,
	"filter_model" text,
	"filter_fw" text,
	"filter_online" integer,
	"batch_size" integer DEFAULT 10 NOT NULL,
	"batch_percent" integer DEFAULT 0 NOT NULL,
	"failure_threshold" integer DEFAULT 20 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"current_batch" integer DEFAULT 0 NOT NULL,
	"paused_reason" text,
	"threshold_from" integer DEFAULT 1 NOT NULL,
	"download_base" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_org_created_idx" ON "upgrade_campaigns" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_org_state_idx" ON "upgrade_campaigns" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_state_idx" ON "upgrade_campaigns" USING btree ("state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_org_name_idx" ON "upgrade_campaigns" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_name_prefix_idx" ON "upgrade_campaigns" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_campaigns_firmware_idx" ON "upgrade_campaigns" USING btree ("firmware_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "upgrade_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL REFERENCES "upgrade_campaigns"("id") ON DELETE cascade,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"batch" integer NOT NULL,
	"command_id" integer REFERENCES "device_commands"("id") ON DELETE set null,
	"token" text,
	"link_expires_at" timestamp with time zone,
	"skipped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "upgrade_targets_campaign_device_uq" ON "upgrade_targets" USING btree ("campaign_id","device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_targets_campaign_batch_idx" ON "upgrade_targets" USING btree ("campaign_id","batch");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_targets_command_idx" ON "upgrade_targets" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "upgrade_targets_token_uq" ON "upgrade_targets" USING btree ("token");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_targets_device_idx" ON "upgrade_targets" USING btree ("device_id");
