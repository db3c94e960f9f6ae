-- The dashboard's one call (issue 16) counts in indexes (devices per family and presence, an organisation's
-- unhandled suggestions) and reads its online-rate series from an hourly sample of each organisation's presence.
CREATE INDEX IF NOT EXISTS "devices_org_family_online_idx" ON "devices" USING btree ("org_id","family","online");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suggestions_org_status_idx" ON "suggestions" USING btree ("org_id","status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_presence_hourly" (
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"hour" timestamp with time zone NOT NULL,
	"online" integer NOT NULL,
	"total" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_presence_hourly_pk" PRIMARY KEY ("org_id","hour")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_presence_hourly_hour_idx" ON "device_presence_hourly" USING btree ("hour");
