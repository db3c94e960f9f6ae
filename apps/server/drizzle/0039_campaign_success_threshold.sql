ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "success_threshold" integer DEFAULT 100 NOT NULL;
