-- Where a device stands, for the big screens' map (issue 16): a province of the contract's CHINA_PROVINCES or '', and a city.
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "province" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "city" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_org_province_idx" ON "devices" USING btree ("org_id", "province");
