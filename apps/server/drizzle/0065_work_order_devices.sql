-- Work orders link several devices (issue 15: "linked device(s)"): `device_ids`, an integer array like the other
-- device lists (timed tasks, upgrade campaigns). Each order's one `device_id` is copied into it; that column stays,
-- no longer written or read, so a rollback still finds it.
ALTER TABLE "work_orders" ADD COLUMN IF NOT EXISTS "device_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "work_orders" SET "device_ids" = ARRAY["device_id"] WHERE "device_id" IS NOT NULL AND cardinality("device_ids") = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_device_ids_idx" ON "work_orders" USING gin ("device_ids");
