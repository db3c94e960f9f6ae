ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "filter_group" integer REFERENCES "device_groups"("id") ON DELETE set null;
