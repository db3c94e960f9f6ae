-- Result deadline of a command, apart from expires_at (which bounds delivery); null = expires_at + 15 minutes.
ALTER TABLE "device_commands" ADD COLUMN IF NOT EXISTS "deadline_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_commands_state_deadline_idx" ON "device_commands" USING btree ("state","deadline_at");--> statement-breakpoint
-- Connection state, kept apart from activity (`online`): the broker session, its times and why it ended.
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "connected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "disconnected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "disconnect_reason" text DEFAULT '' NOT NULL;
