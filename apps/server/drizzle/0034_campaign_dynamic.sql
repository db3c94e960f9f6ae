ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "dynamic" integer DEFAULT 0 NOT NULL;
