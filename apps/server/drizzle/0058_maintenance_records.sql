-- Maintenance records (issue 15): the registered device, the action taken, labour, and the parts used.
ALTER TABLE "device_maintenance" ADD COLUMN IF NOT EXISTS "device_id" integer REFERENCES "devices"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "device_maintenance" ADD COLUMN IF NOT EXISTS "action_taken" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_maintenance" ADD COLUMN IF NOT EXISTS "labour_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A record written before parts existed charged its whole cost as one amount: it is the labour now, the cost unchanged.
UPDATE "device_maintenance" SET "labour_cents" = "cost" WHERE "labour_cents" = 0 AND "cost" <> 0;--> statement-breakpoint
-- Link the existing records to their organisation's registered device with the same serial.
UPDATE "device_maintenance" m SET "device_id" = d."id" FROM "devices" d WHERE m."device_id" IS NULL AND d."org_id" = m."org_id" AND d."serial" = m."serial";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_device_idx" ON "device_maintenance" USING btree ("device_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_maintenance_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"maintenance_id" integer NOT NULL REFERENCES "device_maintenance"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_parts_org_maintenance_idx" ON "device_maintenance_parts" USING btree ("org_id","maintenance_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_parts_maintenance_idx" ON "device_maintenance_parts" USING btree ("maintenance_id");
