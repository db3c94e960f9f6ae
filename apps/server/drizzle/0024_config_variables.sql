-- Configuration variables (docs/config-variables.md): JSON text of name → value on the device, the organisation and
-- each template (its defaults); a template may be the default of a device model within its organisation.
ALTER TABLE "devices" ADD COLUMN IF NOT EXISTS "config_variables" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "config_variables" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ap_templates" ADD COLUMN IF NOT EXISTS "variables" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ap_templates" ADD COLUMN IF NOT EXISTS "default_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lan_templates" ADD COLUMN IF NOT EXISTS "variables" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "lan_templates" ADD COLUMN IF NOT EXISTS "default_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_templates" ADD COLUMN IF NOT EXISTS "variables" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_templates" ADD COLUMN IF NOT EXISTS "default_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A new device looks up the default template of its model in its organisation.
CREATE INDEX IF NOT EXISTS "ap_templates_org_default_model_idx" ON "ap_templates" USING btree ("org_id","default_model");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lan_templates_org_default_model_idx" ON "lan_templates" USING btree ("org_id","default_model");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_templates_org_default_model_idx" ON "phone_templates" USING btree ("org_id","default_model");
