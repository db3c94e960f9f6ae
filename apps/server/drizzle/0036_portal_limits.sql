ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "idle_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "max_devices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "mac_whitelist" text DEFAULT '' NOT NULL;
