ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "action_type" text DEFAULT 'forced' NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD COLUMN IF NOT EXISTS "start_at" timestamp with time zone;
