ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "tags" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_tags_idx" ON "devices" USING gin (string_to_array(lower("tags"), ','));--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "filter_tag" text;
