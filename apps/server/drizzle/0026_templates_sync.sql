-- Device groups (issue 12, docs/config-variables.md): variables between the device's and the organisation's, a
-- default template per kind; a device belongs to at most one group of its organisation.
CREATE TABLE IF NOT EXISTS "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"config_variables" text DEFAULT '{}' NOT NULL,
	"ap_template_id" integer REFERENCES "ap_templates"("id") ON DELETE set null,
	"lan_template_id" integer REFERENCES "lan_templates"("id") ON DELETE set null,
	"phone_template_id" integer REFERENCES "phone_templates"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_groups_org_name_idx" ON "device_groups" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_groups_name_prefix_idx" ON "device_groups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_groups_org_id_idx" ON "device_groups" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_groups_org_updated_idx" ON "device_groups" USING btree ("org_id","updated_at");--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "group_id" integer REFERENCES "device_groups"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_org_group_idx" ON "devices" USING btree ("org_id","group_id");
--> statement-breakpoint
-- Configuration sync state per device (SYNC_TRANSITIONS in the contract): stored, with the checksum and version
-- last sent on down/config and what the device last reported (up/config or hello).
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "sync_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "checksum" text;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "sent_version" integer;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "reported_version" integer;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "reported_checksum" text;--> statement-breakpoint
ALTER TABLE "device_configs" ADD COLUMN IF NOT EXISTS "synced_at" timestamp with time zone;--> statement-breakpoint
-- Rows pushed before: the state their config_push (or the version the device runs) gave them, "failed" now "error".
UPDATE "device_configs" dc SET "sync_state" = CASE
  WHEN (SELECT c."state" FROM "device_commands" c WHERE c."id" = dc."command_id") IN ('queued', 'sent', 'delivered') THEN 'pending'
  WHEN (SELECT c."state" FROM "device_commands" c WHERE c."id" = dc."command_id") = 'succeeded' THEN 'applied'
  WHEN dc."command_id" IS NOT NULL THEN 'error'
  WHEN (SELECT d."config_version" FROM "devices" d WHERE d."id" = dc."device_id") >= dc."version" THEN 'applied'
  ELSE 'pending' END;
--> statement-breakpoint
-- Campaign maintenance window (daily HH:mm–HH:mm in an IANA zone; '' = any time) and approval by a second person
-- when the organisation asks for it (organizations.campaign_approval).
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "window_start" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "window_end" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "window_tz" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "approved_by" integer;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "campaign_approval" integer DEFAULT 0 NOT NULL;
