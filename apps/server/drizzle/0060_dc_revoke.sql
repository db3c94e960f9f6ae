ALTER TABLE "dc_services" ADD COLUMN IF NOT EXISTS "revoked_at" timestamp with time zone;
