CREATE TABLE IF NOT EXISTS "device_online_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"serial" text NOT NULL,
	"online_at" timestamp with time zone NOT NULL,
	"offline_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_online_periods_org_online_idx" ON "device_online_periods" USING btree ("org_id","online_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_online_periods_org_device_idx" ON "device_online_periods" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_online_periods_org_reason_idx" ON "device_online_periods" USING btree ("org_id","reason");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_online_periods_open_idx" ON "device_online_periods" USING btree ("device_id") WHERE offline_at is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_online_periods_serial_prefix_idx" ON "device_online_periods" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
INSERT INTO "device_online_periods" ("org_id", "device_id", "serial", "online_at")
SELECT d."org_id", d."id", d."serial", coalesce(d."online_at", d."last_seen_at", now()) FROM "devices" d
WHERE d."online" = 1 AND NOT EXISTS (SELECT 1 FROM "device_online_periods" p WHERE p."device_id" = d."id" AND p."offline_at" IS NULL);
