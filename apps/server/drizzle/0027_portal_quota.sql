ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "daily_mb" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "daily_minutes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "remember_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_identity_started_idx" ON "portal_guest_sessions" USING btree ("org_id","kind","identity","started_at");
