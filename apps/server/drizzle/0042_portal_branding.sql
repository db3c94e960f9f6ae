ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "terms_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "brand_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "logo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "background" text DEFAULT '' NOT NULL;
