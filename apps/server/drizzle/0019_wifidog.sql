ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "device_id" integer REFERENCES "devices"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "token_hash" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "state" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "incoming" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "outgoing" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "url" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "portal_guest_sessions" ADD COLUMN IF NOT EXISTS "ended_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_token_idx" ON "portal_guest_sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_device_state_idx" ON "portal_guest_sessions" USING btree ("org_id","device_id","state");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_state_idx" ON "portal_guest_sessions" USING btree ("org_id","state","started_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_state_expires_idx" ON "portal_guest_sessions" USING btree ("state","expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_mac_idx" ON "portal_guest_sessions" USING btree ("org_id","mac");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_incoming_idx" ON "portal_guest_sessions" USING btree ("org_id","incoming");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_guest_sessions_org_outgoing_idx" ON "portal_guest_sessions" USING btree ("org_id","outgoing");
