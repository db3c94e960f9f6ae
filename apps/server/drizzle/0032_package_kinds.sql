ALTER TABLE "firmware_packages" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'firmware' NOT NULL;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD COLUMN IF NOT EXISTS "min_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD COLUMN IF NOT EXISTS "notes_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "firmware_packages_org_kind_idx" ON "firmware_packages" USING btree ("org_id","kind");
