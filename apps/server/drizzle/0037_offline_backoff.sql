ALTER TABLE "upgrade_targets" ADD COLUMN IF NOT EXISTS "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upgrade_targets" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upgrade_targets_retry_idx" ON "upgrade_targets" USING btree ("campaign_id","retry_at") WHERE "upgrade_targets"."retry_at" is not null;
