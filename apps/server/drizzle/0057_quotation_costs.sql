ALTER TABLE "quote_devices" ADD COLUMN IF NOT EXISTS "cost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_devices" ADD COLUMN IF NOT EXISTS "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN IF NOT EXISTS "tax_rate_bp" integer DEFAULT 0 NOT NULL;
